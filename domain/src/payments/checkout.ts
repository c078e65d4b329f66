/** The calls of payments (community spec §6: /api/stripe/verify-session/{id}, the checkout redirect) and their constants. */
import type { Subscription, User } from '../api-types';

/** The upgrade and free-trial pages ask every 5 s, 50 times at most (about 4 minutes), then show the failure (spec §4, §9). */
export const PAYMENT_VERIFY_POLL_MS = 5_000;
export const PAYMENT_VERIFY_MAX_POLLS = 50;

/** The line a donor sees on Stripe's page and receipt. */
export const DONATION_PRODUCT_NAME = 'Donation to HamLog';

/** What a checkout is for. */
export type CheckoutKind = 'subscription' | 'trial' | 'donation';

/** Where Stripe sends the browser back (Stripe fills in {CHECKOUT_SESSION_ID}). */
export const CHECKOUT_RETURN_PATHS = {
  subscription: { success: '/stripe/upgrade/check?session_id={CHECKOUT_SESSION_ID}', cancel: '/?stripe=upgrade-abort' },
  trial: { success: '/stripe/start-trial/{CHECKOUT_SESSION_ID}', cancel: '/?stripe=upgrade-abort' },
  donation: { success: '/support-us/thanks', cancel: '/support-us/cancel' },
} as const satisfies Record<CheckoutKind, { success: string; cancel: string }>;

/** GET /api/stripe/config: whether payments are on here (pages say so when not), and the trial's length. */
export interface PaymentsConfigAnswer {
  enabled: boolean;
  trial_days: number;
  /** False once the caller's account has had its free trial (one per account); true for a visitor. */
  trial_available: boolean;
}

/** POST /api/stripe/checkout {kind: 'subscription' | 'trial'} and POST /api/stripe/donate {amount, listed}: where to send the browser. */
export interface CheckoutAnswer {
  url: string;
  session_id: string;
}

/** POST /api/stripe/verify-session/{id}: 200 once the subscription is in force (spec §5 'Payment verify response'). */
export interface PaymentVerifyAnswer {
  subscription: Subscription;
  user: User;
  token: string;
}

/** POST /api/stripe/verify-session/{id} while Stripe has not finished the checkout: 202, ask again. */
export interface PaymentPendingAnswer {
  status: 'pending';
}

/** GET /api/vsupporters (spec §6 'GET /vsupporters'): donors who agreed to be listed, most recent first. */
export interface Supporter {
  my_callsign: string;
  name: string;
}
export interface SupportersAnswer {
  supporters: Supporter[];
}
