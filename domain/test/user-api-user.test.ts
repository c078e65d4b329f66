import { describe, expect, it } from 'vitest';
import { apiSubscription, apiUser, userRecordFromState, type UserRecord } from '../src/api-user';
import { foldEvents } from '../src/decider';
import { userDecider } from '../src/user/decider';
import { EMPTY_PROFILE } from '../src/user/profile';
import { isAnsweredSubscriptionInForce, isSubscriptionActive, parseSubscriptionInput } from '../src/user/subscription';

const now = new Date('2025-06-01T12:00:00Z');
const base: UserRecord = {
  id: 'u1',
  email: 'op@example.com',
  callsign: 'W1AW',
  name: 'Hiram',
  apiKey: 'key-1',
  hasPassword: true,
  createdAt: '2025-01-01T00:00:00Z',
};

describe('apiUser', () => {
  it('answers the full user with the specification’s field names and never a password', () => {
    const user = apiUser({ ...base, profile: { ...EMPTY_PROFILE, name: 'Hiram', qth: 'Newington', grid: 'FN31pr', isHam: true, hasClublogPassword: true } }, now);
    expect(user).toMatchObject({
      id: 'u1',
      name: 'Hiram',
      email: 'op@example.com',
      my_callsign: 'W1AW',
      api_key: 'key-1',
      profile_image_name: 'missing.JPG',
      qth: 'Newington',
      grid: 'FN31pr',
      is_ham: true,
      is_swl: false,
      clublog_password: '',
      has_clublog_password: true,
      managed_by_id: null,
      main_account: null,
      sub_accounts: [],
      subscribed: false,
      paid_subscription: 0,
      has_password: true,
    });
    expect(JSON.stringify(user)).not.toMatch(/hash|passwordHash/i);
  });

  it('marks a subscriber, paid or not, and a lapsed subscription as free', () => {
    const paid = apiUser({ ...base, subscription: { level: 'premium', expiryDate: '2025-12-31T23:59:59Z', paid: true } }, now);
    expect(paid).toMatchObject({ subscribed: true, paid_subscription: 1 });
    expect(apiUser({ ...base, subscription: { level: 'premium', expiryDate: null, paid: false } }, now)).toMatchObject({ subscribed: true, paid_subscription: 0 });
    expect(apiUser({ ...base, subscription: { level: 'premium', expiryDate: '2025-05-31T23:59:59Z', paid: true } }, now)).toMatchObject({ subscribed: false, paid_subscription: 0 });
    expect(apiSubscription({ subscription: { level: 'premium', expiryDate: '2025-12-31T23:59:59Z', paid: true } }, now)).toEqual({ level: 'premium', expiryDate: '2025-12-31T23:59:59Z' });
    expect(apiSubscription({ subscription: { level: 'premium', expiryDate: '2025-05-31T23:59:59Z', paid: true } }, now)).toEqual({ level: 'free', expiryDate: null });
  });

  it('answers a sub-account with its main account and the shared, never paid, subscription', () => {
    const state = foldEvents(userDecider, [
      { type: 'ManagedAccountCreated', data: { userId: 's1', callsign: 'W1AW/P', managedById: 'u1', managedByCallsign: 'W1AW', apiKey: 'k2', createdAt: '2025-02-01T00:00:00Z' } },
    ]);
    if (!state) throw new Error('no state');
    const record = userRecordFromState(state, { mainSubscription: { level: 'premium', expiryDate: null, paid: true } });
    expect(apiUser(record, now)).toMatchObject({
      email: '',
      managed_by_id: 'u1',
      managed_by_callsign: 'W1AW',
      managed_by_call: 'W1AW',
      main_account: 'W1AW',
      subscribed: true,
      paid_subscription: 0,
      has_password: false,
    });
  });
});

describe('subscription input', () => {
  it('takes a level with an optional date or date-time, and none to clear', () => {
    expect(parseSubscriptionInput('Premium', '2026-12-31')).toEqual({ ok: true, value: { level: 'premium', expiryDate: '2026-12-31T23:59:59Z' } });
    expect(parseSubscriptionInput('premium', '2026-12-31T10:00:00Z')).toEqual({ ok: true, value: { level: 'premium', expiryDate: '2026-12-31T10:00:00Z' } });
    expect(parseSubscriptionInput('premium')).toEqual({ ok: true, value: { level: 'premium', expiryDate: null } });
    expect(parseSubscriptionInput('none')).toEqual({ ok: true, value: { level: null, expiryDate: null } });
    expect(parseSubscriptionInput('premium', 'next week')).toMatchObject({ ok: false });
    expect(parseSubscriptionInput('two words')).toMatchObject({ ok: false });
    expect(parseSubscriptionInput('none', '2026-01-01')).toMatchObject({ ok: false });
  });

  it('is active until its expiry', () => {
    expect(isSubscriptionActive(null, now)).toBe(false);
    expect(isSubscriptionActive({ level: 'p', expiryDate: null }, now)).toBe(true);
    expect(isSubscriptionActive({ level: 'p', expiryDate: '2025-06-01T12:00:01Z' }, now)).toBe(true);
    expect(isSubscriptionActive({ level: 'p', expiryDate: '2025-06-01T12:00:00Z' }, now)).toBe(false);
  });

  it('as answered to the client: a level other than free, not expired; an unreadable expiry is not in force', () => {
    expect(isAnsweredSubscriptionInForce(null, now)).toBe(false);
    expect(isAnsweredSubscriptionInForce({ level: 'free', expiryDate: null }, now)).toBe(false);
    expect(isAnsweredSubscriptionInForce({ level: 'FREE', expiryDate: null }, now)).toBe(false);
    expect(isAnsweredSubscriptionInForce({ level: '', expiryDate: null }, now)).toBe(false);
    expect(isAnsweredSubscriptionInForce({ level: 'premium', expiryDate: null }, now)).toBe(true);
    expect(isAnsweredSubscriptionInForce({ level: 'premium', expiryDate: '2025-07-01T00:00:00Z' }, now)).toBe(true);
    expect(isAnsweredSubscriptionInForce({ level: 'premium', expiryDate: '2025-05-01T00:00:00Z' }, now)).toBe(false);
    expect(isAnsweredSubscriptionInForce({ level: 'premium', expiryDate: 'soon' }, now)).toBe(false);
  });
});
