/**
 * The admin statistics (community spec: Admin statistics, Business constants): the periods the
 * new-user cards count, which accounts pay, and the revenue estimate.
 */
import { leaderboardPeriods } from '../community/leaderboards';
import { isSubscriptionActive } from '../user/subscription';

/** The estimate's price: GBP per paying account per month (community spec §1 and §9). */
export const REVENUE_PER_PAYING_ACCOUNT_GBP = 2.65;

/** The newest accounts the admin table lists (the cards count every account). */
export const ADMIN_USERS_TABLE_LIMIT = 200;

/** The analytics view's window: days back from today (UTC), inclusive of today. */
export const ADMIN_STATS_DEFAULT_DAYS = 30;
export const ADMIN_STATS_MAX_DAYS = 366;
/** Entities listed under top entities. */
export const ADMIN_TOP_ENTITIES = 10;

const DAY_MS = 86_400_000;

/** Where the cards' periods start, in UTC: today at 00:00, Monday of this week, the 1st of this month. */
export interface AdminPeriodStarts {
  today: Date;
  week: Date;
  month: Date;
}

/** The same whole-day periods the leaderboards count (today, this week from Monday, this month). */
export function adminPeriodStarts(now: Date): AdminPeriodStarts {
  const periods = leaderboardPeriods(now);
  return { today: periods.today.since, week: periods.week.since, month: periods.month.since };
}

/** An account as the paying rule reads it. */
export interface PayingCandidate {
  managedById: string | null;
  paidSubscription: boolean;
  subscription: { level: string; expiryDate: string | null } | null;
}

/**
 * A paying account: subscribed (a subscription in force at `now`), no manager (not a
 * sub-account) and paid_subscription set (community spec §1). The admin read model counts the
 * same rule in SQL (infra/src/read-models/admin/queries.ts); the server test checks the two agree.
 */
export function isPayingAccount(account: PayingCandidate, now: Date): boolean {
  return isSubscriptionActive(account.subscription, now) && account.managedById === null && account.paidSubscription;
}

/** The revenue estimate in GBP, rounded to the penny: monthly is 2.65 per paying account, annual is monthly × 12. */
export function revenueEstimate(payingAccounts: number): { monthly: number; annual: number } {
  const monthlyPence = Math.round(REVENUE_PER_PAYING_ACCOUNT_GBP * 100) * payingAccounts;
  return { monthly: monthlyPence / 100, annual: (monthlyPence * 12) / 100 };
}

/** The analytics window: `days` (clamped to 1..ADMIN_STATS_MAX_DAYS) UTC days ending with today, as [from, to). */
export function adminStatsWindow(now: Date, days: number): { from: Date; to: Date; days: number } {
  const n = Number.isInteger(days) ? Math.min(Math.max(days, 1), ADMIN_STATS_MAX_DAYS) : ADMIN_STATS_DEFAULT_DAYS;
  const to = leaderboardPeriods(now).today.until;
  return { from: new Date(to.getTime() - n * DAY_MS), to, days: n };
}

/** Every UTC day of [from, to) as 'YYYY-MM-DD', oldest first: the charts show days without activity as 0. */
export function daysOf(from: Date, to: Date): string[] {
  const days: string[] = [];
  for (let t = from.getTime(); t < to.getTime(); t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}
