import { describe, expect, it } from 'vitest';
import { foldEvents } from '../src/decider';
import { SubAccountsNotAllowedError, UserAlreadyRegisteredError, UserNotFoundError, ValidationError } from '../src/errors';
import * as m from '../src/messages';
import { userDecider, type UserEvent } from '../src/user/decider';
import { EMPTY_PROFILE } from '../src/user/profile';
import { subAccountIdFor } from '../src/user/streams';
import { specFor } from './support/given-when-then';

const given = specFor(userDecider);
const at = '2025-03-01T10:00:00Z';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'main-1', email: 'op@example.com', callsign: 'W1AW', refId: '', apiKey: 'key-1', registeredAt: '2025-01-01T00:00:00Z' },
};
const subCreated: UserEvent = {
  type: 'ManagedAccountCreated',
  data: { userId: 'sub-1', callsign: 'W1AW/P', managedById: 'main-1', managedByCallsign: 'W1AW', apiKey: 'key-2', createdAt: at },
};
const createSub = {
  type: 'CreateManagedAccount',
  data: { userId: 'sub-1', callsign: 'W1AW/P', managedById: 'main-1', managedByCallsign: 'W1AW', apiKey: 'key-2', at },
} as const;

function errorsOf(run: () => unknown): Record<string, string[]> {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
  throw new Error('no ValidationError');
}

describe('sub-accounts on the main account', () => {
  const add = (callsign: string) => ({ type: 'AddSubAccount', data: { subAccountId: 'sub-1', callsign, at } }) as const;

  it('adds a sub-account with its callsign trimmed and upper-cased', () => {
    given([registered]).when(add(' w1aw/p ')).then([{ type: 'SubAccountAdded', data: { subAccountId: 'sub-1', callsign: 'W1AW/P', addedAt: at } }]);
  });

  it('refuses the specification’s cases with its messages', () => {
    const added: UserEvent = { type: 'SubAccountAdded', data: { subAccountId: 'sub-1', callsign: 'W1AW/P', addedAt: at } };
    const state = foldEvents(userDecider, [registered, added]);
    expect(errorsOf(() => userDecider.decide(add('K1A'), state))).toEqual({ callsign: [m.SUB_ACCOUNT_CALLSIGN_INVALID] });
    expect(errorsOf(() => userDecider.decide(add('K1ABCDEFGHI'), state))).toEqual({ callsign: ['Please enter a valid callsign'] });
    expect(errorsOf(() => userDecider.decide(add(' w1aw '), state))).toEqual({ callsign: ['You cannot add your own callsign as a sub-account.'] });
    expect(errorsOf(() => userDecider.decide(add('w1aw/p'), state))).toEqual({ callsign: ['This callsign is already added as a sub-account.'] });
  });

  it('refuses a sub-account adding sub-accounts, whatever the callsign', () => {
    given([subCreated]).when(add('K1ABC')).thenThrows(SubAccountsNotAllowedError, m.SUB_ACCOUNT_CANNOT_ADD);
    given([subCreated]).when(add('X')).thenThrows(SubAccountsNotAllowedError);
  });

  it('refuses an unknown main account', () => {
    given([]).when(add('K1ABC')).thenThrows(UserNotFoundError);
  });

  it('lists sub-accounts in the state in the order added', () => {
    const state = foldEvents(userDecider, [
      registered,
      { type: 'SubAccountAdded', data: { subAccountId: 's1', callsign: 'K1ABC', addedAt: at } },
      { type: 'SubAccountAdded', data: { subAccountId: 's2', callsign: 'W1AW/P', addedAt: at } },
    ]);
    expect(state?.subAccounts).toEqual([{ id: 's1', callsign: 'K1ABC' }, { id: 's2', callsign: 'W1AW/P' }]);
  });
});

describe('the sub-account’s own stream', () => {
  it('starts with ManagedAccountCreated: no email, no password, its manager named', () => {
    given([]).when(createSub).then([subCreated]);
    const state = foldEvents(userDecider, [subCreated]);
    expect(state).toMatchObject({ userId: 'sub-1', email: '', callsign: 'W1AW/P', managedById: 'main-1', managedByCallsign: 'W1AW', passwordHash: null });
  });

  it('is created once: a retry by the same main account changes nothing, anyone else is refused', () => {
    given([subCreated]).when(createSub).then([]);
    given([subCreated]).when({ ...createSub, data: { ...createSub.data, managedById: 'main-2' } }).thenThrows(UserAlreadyRegisteredError);
    given([registered]).when({ ...createSub, data: { ...createSub.data, userId: 'main-1' } }).thenThrows(UserAlreadyRegisteredError);
  });

  it('has no password or email of its own', () => {
    given([subCreated]).when({ type: 'SetPassword', data: { passwordHash: 'h', at } }).thenThrows(ValidationError);
    expect(errorsOf(() => userDecider.decide({ type: 'SetPassword', data: { passwordHash: 'h', at } }, foldEvents(userDecider, [subCreated])))).toEqual({
      password: [m.SUB_ACCOUNT_NO_PASSWORD],
    });
    expect(errorsOf(() => userDecider.decide({ type: 'ChangeEmail', data: { email: 'x@example.com', at } }, foldEvents(userDecider, [subCreated])))).toEqual({
      email: [m.SUB_ACCOUNT_NO_EMAIL],
    });
  });

  it('gets a deterministic, UUID-shaped id from its main account and callsign', () => {
    const id = subAccountIdFor('main-1', ' w1aw/p ');
    expect(id).toBe(subAccountIdFor('main-1', 'W1AW/P'));
    expect(id).not.toBe(subAccountIdFor('main-2', 'W1AW/P'));
    expect(id).not.toBe(subAccountIdFor('main-1', 'W1AW/M'));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('profile', () => {
  const update = (changes: object) => ({ type: 'UpdateProfile', data: { changes, at } }) as const;

  it('records the whole profile after merging the changes', () => {
    given([registered])
      .when(update({ name: 'Hiram', qth: 'Newington', grid: 'FN31pr', isHam: true }))
      .then([{ type: 'ProfileUpdated', data: { profile: { ...EMPTY_PROFILE, name: 'Hiram', qth: 'Newington', grid: 'FN31pr', isHam: true }, updatedAt: at } }]);
  });

  it('keeps fields not sent, and records nothing when nothing changes (a retry)', () => {
    const first: UserEvent = { type: 'ProfileUpdated', data: { profile: { ...EMPTY_PROFILE, name: 'Hiram', qth: 'Newington', grid: 'FN31' }, updatedAt: at } };
    given([registered, first]).when(update({ name: 'Hiram' })).then([]);
    given([registered, first])
      .when(update({ qth: 'Hartford' }))
      .then([{ type: 'ProfileUpdated', data: { profile: { ...EMPTY_PROFILE, name: 'Hiram', qth: 'Hartford', grid: 'FN31' }, updatedAt: at } }]);
  });

  it('refuses HAM and SWL together, also when one of them was stored before', () => {
    const ham: UserEvent = { type: 'ProfileUpdated', data: { profile: { ...EMPTY_PROFILE, isHam: true }, updatedAt: at } };
    expect(errorsOf(() => userDecider.decide(update({ isSwl: true }), foldEvents(userDecider, [registered, ham])))).toEqual({ is_swl: [m.HAM_SWL_EXCLUSIVE] });
    given([registered, ham]).when(update({ isHam: false, isSwl: true })).then([
      { type: 'ProfileUpdated', data: { profile: { ...EMPTY_PROFILE, isSwl: true }, updatedAt: at } },
    ]);
  });

  it("sets 'show my award progress', off by default; the same value again records nothing", () => {
    expect(foldEvents(userDecider, [registered])?.profile.showAwardProgress).toBe(false);
    given([registered]).when(update({ showAwardProgress: false })).then([]);
    given([registered])
      .when(update({ showAwardProgress: true }))
      .then([{ type: 'ProfileUpdated', data: { profile: { ...EMPTY_PROFILE, showAwardProgress: true }, updatedAt: at } }]);
    const shown: UserEvent = { type: 'ProfileUpdated', data: { profile: { ...EMPTY_PROFILE, name: 'Hiram', showAwardProgress: true }, updatedAt: at } };
    expect(foldEvents(userDecider, [registered, shown])?.profile.showAwardProgress).toBe(true);
    given([registered, shown]).when(update({ showAwardProgress: true })).then([]);
    given([registered, shown]).when(update({ name: 'Hiram' })).then([]);
    given([registered, shown])
      .when(update({ showAwardProgress: false }))
      .then([{ type: 'ProfileUpdated', data: { profile: { ...EMPTY_PROFILE, name: 'Hiram' }, updatedAt: at } }]);
  });

  it('reads a profile stored before the award progress setting existed as off, never undefined', () => {
    const { showAwardProgress: _absent, ...before } = { ...EMPTY_PROFILE, name: 'Hiram', excludeFromLeaderboards: true };
    const old = { type: 'ProfileUpdated', data: { profile: before, updatedAt: at } } as unknown as UserEvent;
    const state = foldEvents(userDecider, [registered, old]);
    expect(state?.profile.showAwardProgress).toBe(false);
    given([registered, old]).when(update({ showAwardProgress: false })).then([]);
    given([registered, old]).when(update({ name: 'Hiram' })).then([]);
    given([registered, old])
      .when(update({ qth: 'Newington' }))
      .then([{ type: 'ProfileUpdated', data: { profile: { ...EMPTY_PROFILE, name: 'Hiram', qth: 'Newington', excludeFromLeaderboards: true }, updatedAt: at } }]);
  });

  it('changes the email, naming the previous one; the same email again is a no-op', () => {
    given([registered]).when({ type: 'ChangeEmail', data: { email: ' New@Example.com ', at } }).then([
      { type: 'EmailChanged', data: { email: 'new@example.com', previousEmail: 'op@example.com', changedAt: at } },
    ]);
    given([registered]).when({ type: 'ChangeEmail', data: { email: 'OP@example.com', at } }).then([]);
    const state = foldEvents(userDecider, [registered, { type: 'EmailChanged', data: { email: 'new@example.com', previousEmail: 'op@example.com', changedAt: at } }]);
    expect(state?.email).toBe('new@example.com');
  });
});

describe('API key', () => {
  it('issues a new key that replaces the old one', () => {
    given([registered]).when({ type: 'IssueApiKey', data: { apiKey: 'key-9', at } }).then([{ type: 'ApiKeyIssued', data: { apiKey: 'key-9', issuedAt: at } }]);
    expect(foldEvents(userDecider, [registered, { type: 'ApiKeyIssued', data: { apiKey: 'key-9', issuedAt: at } }])?.apiKey).toBe('key-9');
    given([registered]).when({ type: 'IssueApiKey', data: { apiKey: 'key-1', at } }).then([]);
    given([]).when({ type: 'IssueApiKey', data: { apiKey: 'key-9', at } }).thenThrows(UserNotFoundError);
  });
});

describe('subscription', () => {
  const change = (level: string | null, expiryDate: string | null, paid = false) => ({ type: 'ChangeSubscription', data: { level, expiryDate, paid, at } }) as const;

  it('sets, keeps and clears the subscription', () => {
    const changed: UserEvent = { type: 'SubscriptionChanged', data: { level: 'premium', expiryDate: '2026-12-31T23:59:59Z', paid: true, changedAt: at } };
    given([registered]).when(change('premium', '2026-12-31T23:59:59Z', true)).then([changed]);
    given([registered, changed]).when(change('premium', '2026-12-31T23:59:59Z', true)).then([]);
    given([registered, changed]).when(change(null, null)).then([{ type: 'SubscriptionChanged', data: { level: null, expiryDate: null, paid: false, changedAt: at } }]);
    given([registered]).when(change(null, null)).then([]);
    expect(foldEvents(userDecider, [registered, changed])?.subscription).toEqual({ level: 'premium', expiryDate: '2026-12-31T23:59:59Z', paid: true });
  });

  it('is never set on a sub-account (it shares its main account’s)', () => {
    expect(errorsOf(() => userDecider.decide(change('premium', null), foldEvents(userDecider, [subCreated])))).toEqual({ callsign: [m.SUBSCRIPTION_ON_SUB_ACCOUNT] });
  });
});
