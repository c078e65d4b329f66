/**
 * What a Stripe subscription means for the account (community spec §4 'Payment validation';
 * decision text in issue 12's report): the subscription as Stripe has it now, whatever the order
 * its webhooks arrive in, becomes the account's {level, expiryDate, paid}.
 */
import { toUtcSeconds } from '../time';
import type { SubscriptionState } from '../user/decider';
import { isSubscriptionActive, PAID_LEVEL, TRIAL_LEVEL } from '../user/subscription';

/** The free trial's length when STRIPE_TRIAL_DAYS is not set. */
export const DEFAULT_TRIAL_DAYS = 14;

/** The parts of a Stripe Subscription object read here (unix seconds, as Stripe sends them). */
export interface StripeSubscriptionFacts {
  status: string;
  /** The latest end among the subscription items' current periods (Stripe API 2025 and later keep it on the items). */
  currentPeriodEnd: number | null;
  trialEnd: number | null;
}

/** What the account should hold: a subscription, none (and why), or leave it as it is (payment still being made). */
export type StripeVerdict =
  | { kind: 'subscribed'; subscription: SubscriptionState }
  | { kind: 'ended'; change: 'expired' | 'cancelled' }
  | { kind: 'pending' };

const iso = (unixSeconds: number) => toUtcSeconds(new Date(unixSeconds * 1000));

/**
 * active and past_due (Stripe is still retrying the renewal) keep the paid level to the period's
 * end; trialing gives the trial level to the trial's end; canceled is a cancellation; unpaid,
 * incomplete_expired and paused end it; incomplete (first payment not made yet) changes nothing.
 */
export function verdictOfStripeSubscription(facts: StripeSubscriptionFacts): StripeVerdict {
  switch (facts.status) {
    case 'active':
    case 'past_due':
      if (facts.currentPeriodEnd === null) return { kind: 'pending' };
      return { kind: 'subscribed', subscription: { level: PAID_LEVEL, expiryDate: iso(facts.currentPeriodEnd), paid: true } };
    case 'trialing': {
      const end = facts.trialEnd ?? facts.currentPeriodEnd;
      if (end === null) return { kind: 'pending' };
      return { kind: 'subscribed', subscription: { level: TRIAL_LEVEL, expiryDate: iso(end), paid: false } };
    }
    case 'canceled':
      return { kind: 'ended', change: 'cancelled' };
    case 'unpaid':
    case 'incomplete_expired':
    case 'paused':
      return { kind: 'ended', change: 'expired' };
    default:
      return { kind: 'pending' };
  }
}

/** started: from none (or one already run out); renewed: a subscription in force moved on (a renewal, the trial's conversion). */
export function changeKindOf(previous: SubscriptionState | null, now: Date): 'started' | 'renewed' {
  return isSubscriptionActive(previous, now) ? 'renewed' : 'started';
}
