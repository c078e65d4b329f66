/**
 * When an account had a valid subscription, from its subscription changes (SubscriptionChanged):
 * each change starts a period that lasts until its expiry or the next change, whichever is first.
 * A lapse followed by a renewal leaves a gap.
 */
import { FREE_LEVEL } from '../user/subscription';

/** One SubscriptionChanged as the awards read it; `at` is its changedAt (ISO 8601 UTC). */
export interface SubscriptionChange {
  at: string;
  /** null (or 'free'): no subscription from then on. */
  level: string | null;
  /** ISO 8601 UTC; null: no end. */
  expiryDate: string | null;
}

/** [from, to) in epoch milliseconds; `to` may be Infinity. */
export interface SubscriptionPeriod {
  from: number;
  to: number;
}

/** The periods of valid subscription, from the changes in log order. */
export function subscriptionPeriods(changes: readonly SubscriptionChange[]): SubscriptionPeriod[] {
  const periods: SubscriptionPeriod[] = [];
  changes.forEach((change, i) => {
    const level = change.level?.trim().toLowerCase() ?? '';
    if (level === '' || level === FREE_LEVEL) return;
    const from = Date.parse(change.at);
    const next = changes[i + 1];
    const expiry = change.expiryDate === null ? Infinity : Date.parse(change.expiryDate);
    const to = Math.min(expiry, next ? Date.parse(next.at) : Infinity);
    if (to > from) periods.push({ from, to });
  });
  return periods;
}

export function hadSubscriptionAt(periods: readonly SubscriptionPeriod[], at: Date): boolean {
  const t = at.getTime();
  return periods.some((p) => p.from <= t && t < p.to);
}
