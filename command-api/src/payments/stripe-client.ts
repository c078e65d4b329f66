import Stripe from 'stripe';
import { PAYMENTS_NOT_CONFIGURED, PAYMENTS_UNREACHABLE, type StripeSubscriptionFacts } from '@hamlog/domain';
import { HttpError } from '@hamlog/infra/http/errors';
import type { StripeSettings } from '@hamlog/infra/payments/stripe-config';

/** The stripe library, pointed at STRIPE_API_URL when set (tests: the local fake). */
export function createStripe(settings: StripeSettings): Stripe {
  const url = settings.apiUrl;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(url ? { host: url.hostname, port: url.port || (url.protocol === 'http:' ? 80 : 443), protocol: url.protocol === 'http:' ? 'http' : 'https' } : {}),
  });
}

/** Payments are off without Stripe's keys: every payment call answers 404 with the reason (decision in issue 12's report). */
export function requireStripe<T>(settings: T | null | undefined): T {
  if (!settings) throw new HttpError(404, PAYMENTS_NOT_CONFIGURED);
  return settings;
}

/** A Stripe answer of 404 (no such object), as null; Stripe down or refusing us, as a 502 the user can retry. */
export async function fromStripe<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
    if (error instanceof Stripe.errors.StripeError) throw new HttpError(502, PAYMENTS_UNREACHABLE);
    throw error;
  }
}

export function subscriptionFacts(subscription: Stripe.Subscription): StripeSubscriptionFacts {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter((end): end is number => typeof end === 'number');
  return { status: subscription.status, currentPeriodEnd: ends.length > 0 ? Math.max(...ends) : null, trialEnd: subscription.trial_end ?? null };
}

/** The id of an expandable field (a string, or the object when expanded). */
export const idOf = (field: string | { id: string } | null | undefined): string | null => (typeof field === 'string' ? field : (field?.id ?? null));
