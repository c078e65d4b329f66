import { DEFAULT_TRIAL_DAYS } from '@hamlog/domain';

/**
 * Stripe's settings (issue 12). Payments are on when STRIPE_SECRET_KEY and STRIPE_PRICE_ID are
 * set; webhooks also need STRIPE_WEBHOOK_SECRET. STRIPE_API_URL points the stripe library at
 * another server (tests run a local fake: infra/src/testing/fake-stripe.ts).
 */
export interface StripeSettings {
  secretKey: string;
  /** whsec_...: webhooks are refused (not configured) without it. */
  webhookSecret: string | null;
  /** The subscription's recurring price (price_...). */
  priceId: string;
  /** The free trial's price; unset: the subscription's price with trialDays free. */
  trialPriceId: string | null;
  trialDays: number;
  /** Where the stripe library sends its requests; null: api.stripe.com. */
  apiUrl: URL | null;
}

export function readStripeSettings(env: NodeJS.ProcessEnv): StripeSettings | null {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const priceId = env.STRIPE_PRICE_ID?.trim();
  if (!secretKey || !priceId) return null;
  const days = Number(env.STRIPE_TRIAL_DAYS?.trim() || DEFAULT_TRIAL_DAYS);
  const apiUrl = env.STRIPE_API_URL?.trim();
  return {
    secretKey,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || null,
    priceId,
    trialPriceId: env.STRIPE_TRIAL_PRICE_ID?.trim() || null,
    trialDays: Number.isInteger(days) && days >= 1 && days <= 730 ? days : DEFAULT_TRIAL_DAYS,
    apiUrl: apiUrl ? new URL(apiUrl) : null,
  };
}
