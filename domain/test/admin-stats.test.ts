import { describe, expect, it } from 'vitest';
import { adminPeriodStarts, adminStatsWindow, daysOf, isPayingAccount, revenueEstimate } from '../src/admin/admin-stats';

describe('admin statistics rules', () => {
  it('starts today at 00:00 UTC, the week on Monday and the month on the 1st', () => {
    // Sunday 2026-11-29 23:59 UTC: the week began Monday the 23rd.
    expect(adminPeriodStarts(new Date('2026-11-29T23:59:59Z'))).toEqual({
      today: new Date('2026-11-29T00:00:00Z'),
      week: new Date('2026-11-23T00:00:00Z'),
      month: new Date('2026-11-01T00:00:00Z'),
    });
    // A Monday is its own week's first day; a week may begin in the month before.
    expect(adminPeriodStarts(new Date('2026-11-23T00:00:00Z')).week).toEqual(new Date('2026-11-23T00:00:00Z'));
    expect(adminPeriodStarts(new Date('2026-12-02T10:00:00Z'))).toMatchObject({ week: new Date('2026-11-30T00:00:00Z'), month: new Date('2026-12-01T00:00:00Z') });
  });

  it('estimates revenue at 2.65 GBP per paying account a month, annual twelve times that, to the penny', () => {
    expect(revenueEstimate(0)).toEqual({ monthly: 0, annual: 0 });
    expect(revenueEstimate(1)).toEqual({ monthly: 2.65, annual: 31.8 });
    expect(revenueEstimate(3)).toEqual({ monthly: 7.95, annual: 95.4 });
    expect(revenueEstimate(1000)).toEqual({ monthly: 2650, annual: 31800 });
  });

  it('counts as paying only a subscribed main account with paid_subscription', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const paying = { managedById: null, paidSubscription: true, subscription: { level: 'premium', expiryDate: '2026-12-31T23:59:59Z' } };
    expect(isPayingAccount(paying, now)).toBe(true);
    expect(isPayingAccount({ ...paying, subscription: { level: 'premium', expiryDate: null } }, now)).toBe(true);
    expect(isPayingAccount({ ...paying, subscription: { level: 'premium', expiryDate: '2026-11-23T12:00:00Z' } }, now)).toBe(false);
    expect(isPayingAccount({ ...paying, subscription: null }, now)).toBe(false);
    expect(isPayingAccount({ ...paying, paidSubscription: false }, now)).toBe(false);
    expect(isPayingAccount({ ...paying, managedById: 'u-main' }, now)).toBe(false);
  });

  it('answers whole UTC days ending today, clamped to 1..366', () => {
    const now = new Date('2026-11-23T18:00:00Z');
    const week = adminStatsWindow(now, 7);
    expect(week).toEqual({ from: new Date('2026-11-17T00:00:00Z'), to: new Date('2026-11-24T00:00:00Z'), days: 7 });
    expect(daysOf(week.from, week.to)).toEqual(['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23']);
    expect(adminStatsWindow(now, 0).days).toBe(1);
    expect(adminStatsWindow(now, 10_000).days).toBe(366);
    expect(adminStatsWindow(now, Number.NaN).days).toBe(30);
    expect(adminStatsWindow(now, 2.5).days).toBe(30);
  });
});
