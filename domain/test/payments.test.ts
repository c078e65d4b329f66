import { describe, expect, it } from 'vitest';
import { changeKindOf, DONATION_AMOUNT_INVALID, donationDecider, parseDonationAmount, stripeEventDecider, userDecider, verdictOfStripeSubscription } from '../src/index';

const END = Date.UTC(2027, 0, 31, 12, 0, 0) / 1000;
const registered = userDecider.evolve(null, { type: 'UserRegistered', data: { userId: 'u1', email: 'a@example.com', callsign: 'W1AW', refId: '', apiKey: 'k', registeredAt: '2026-11-01T00:00:00Z' } });

describe('what a Stripe subscription means for the account', () => {
  it('active and past_due: the paid level to the period end; trialing: the trial level to the trial end', () => {
    expect(verdictOfStripeSubscription({ status: 'active', currentPeriodEnd: END, trialEnd: null })).toEqual({ kind: 'subscribed', subscription: { level: 'premium', expiryDate: '2027-01-31T12:00:00Z', paid: true } });
    expect(verdictOfStripeSubscription({ status: 'past_due', currentPeriodEnd: END, trialEnd: null })).toMatchObject({ kind: 'subscribed' });
    expect(verdictOfStripeSubscription({ status: 'trialing', currentPeriodEnd: END + 99, trialEnd: END })).toEqual({ kind: 'subscribed', subscription: { level: 'trial', expiryDate: '2027-01-31T12:00:00Z', paid: false } });
  });

  it('canceled is a cancellation, unpaid and incomplete_expired an expiry, incomplete changes nothing', () => {
    expect(verdictOfStripeSubscription({ status: 'canceled', currentPeriodEnd: END, trialEnd: null })).toEqual({ kind: 'ended', change: 'cancelled' });
    expect(verdictOfStripeSubscription({ status: 'unpaid', currentPeriodEnd: END, trialEnd: null })).toEqual({ kind: 'ended', change: 'expired' });
    expect(verdictOfStripeSubscription({ status: 'incomplete_expired', currentPeriodEnd: END, trialEnd: null })).toEqual({ kind: 'ended', change: 'expired' });
    expect(verdictOfStripeSubscription({ status: 'incomplete', currentPeriodEnd: END, trialEnd: null })).toEqual({ kind: 'pending' });
    expect(verdictOfStripeSubscription({ status: 'active', currentPeriodEnd: null, trialEnd: null })).toEqual({ kind: 'pending' });
  });

  it('started from none or a run-out subscription, renewed from one in force', () => {
    const now = new Date('2026-11-23T00:00:00Z');
    expect(changeKindOf(null, now)).toBe('started');
    expect(changeKindOf({ level: 'premium', expiryDate: '2026-11-01T00:00:00Z', paid: true }, now)).toBe('started');
    expect(changeKindOf({ level: 'trial', expiryDate: '2026-12-01T00:00:00Z', paid: false }, now)).toBe('renewed');
  });

  it('the user decider carries the change on SubscriptionChanged and writes nothing when nothing changed', () => {
    const change = { type: 'ChangeSubscription', data: { level: 'premium', expiryDate: '2027-01-31T12:00:00Z', paid: true, at: '2026-11-23T00:00:00Z', change: 'started' } } as const;
    const events = userDecider.decide(change, registered);
    expect(events).toEqual([{ type: 'SubscriptionChanged', data: { level: 'premium', expiryDate: '2027-01-31T12:00:00Z', paid: true, changedAt: '2026-11-23T00:00:00Z', change: 'started' } }]);
    const subscribed = events.reduce(userDecider.evolve, registered);
    expect(userDecider.decide({ ...change, data: { ...change.data, change: 'renewed' } }, subscribed)).toEqual([]);
  });

  it('remembers that the account had its free trial, through its conversion, expiry and cancellation', () => {
    const changed = (level: string | null, paid: boolean) => ({ type: 'SubscriptionChanged', data: { level, expiryDate: null, paid, changedAt: '2026-11-23T00:00:00Z' } }) as const;
    expect(registered?.trialUsed).toBe(false);
    // A paid subscription is not a trial.
    expect(userDecider.evolve(registered, changed('premium', true))?.trialUsed).toBe(false);
    const afterTrial = [changed('trial', false), changed('premium', true), changed(null, false)].reduce(userDecider.evolve, registered);
    expect(afterTrial?.subscription).toBeNull();
    expect(afterTrial?.trialUsed).toBe(true);
  });
});

describe('donations', () => {
  it('takes 1 to 1000 pounds in pounds and pence', () => {
    expect(parseDonationAmount('5')).toEqual({ ok: true, value: { amountMinor: 500 } });
    expect(parseDonationAmount('12.5')).toEqual({ ok: true, value: { amountMinor: 1250 } });
    expect(parseDonationAmount(1000)).toEqual({ ok: true, value: { amountMinor: 100000 } });
    for (const bad of ['0.99', '1000.01', '5.001', '-5', 'five', '', null, '1e3']) {
      expect(parseDonationAmount(bad)).toEqual({ ok: false, errors: { amount: [DONATION_AMOUNT_INVALID] } });
    }
  });

  it('records a checkout once, and a Stripe event once', () => {
    const record = { type: 'RecordDonation', data: { checkoutSessionId: 'cs_1', userId: null, amountMinor: 500, currency: 'gbp', listed: false, at: '2026-11-23T00:00:00Z' } } as const;
    const [received] = donationDecider.decide(record, null);
    expect(received?.type).toBe('DonationReceived');
    expect(donationDecider.decide(record, donationDecider.evolve(null, received!))).toEqual([]);
    const note = { type: 'NoteStripeEvent', data: { stripeEventId: 'evt_1', type: 'invoice.paid', userId: null, outcome: 'ignored', at: '2026-11-23T00:00:00Z' } } as const;
    expect(stripeEventDecider.decide(note, false)).toHaveLength(1);
    expect(stripeEventDecider.decide(note, true)).toEqual([]);
  });
});
