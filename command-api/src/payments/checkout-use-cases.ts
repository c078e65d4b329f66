/**
 * The payment use cases behind payments-router.ts: a Checkout Session for the subscription, the
 * free trial or a donation, and the upgrade page's check of a completed checkout. The router
 * parses and answers; the rules (who may pay, one trial per account, whose checkout it is) live
 * here.
 */
import type Stripe from 'stripe';
import {
  DONATION_CURRENCY,
  DONATION_PRODUCT_NAME,
  isSubscriptionActive,
  PAID_LEVEL,
  PAYMENT_ALREADY_SUBSCRIBED,
  PAYMENT_SESSION_EXPIRED,
  PAYMENT_SESSION_NOT_FOUND,
  PAYMENT_SUB_ACCOUNT,
  PAYMENT_TRIAL_USED,
  userStreamName,
} from '@hamlog/domain';
import { HttpError } from '@hamlog/infra/http/errors';
import type { StripeSettings } from '@hamlog/infra/payments/stripe-config';
import type { AppendResult, EventMetadata, EventStore } from '@hamlog/infra/ports/event-store';
import { loadUser, type Account } from '../users/accounts';
import { applyStripeSubscription } from './apply-stripe-subscription';
import { fromStripe, idOf } from './stripe-client';

export interface PaymentsContext {
  store: EventStore;
  stripe: Stripe;
  settings: StripeSettings;
  now: () => Date;
}

/** Where Stripe sends the browser back: absolute success and cancel addresses. */
export interface ReturnUrls {
  success_url: string;
  cancel_url: string;
}

export interface StartedCheckout {
  url: string;
  sessionId: string;
}

/** The account that pays: a main account (a sub-account shares its main account's subscription). */
async function payingAccount(store: EventStore, userId: string): Promise<Account> {
  const account = (await loadUser(store, userId)).state;
  if (!account) throw new HttpError(401, 'Unauthenticated.');
  if (account.managedById) throw new HttpError(403, PAYMENT_SUB_ACCOUNT);
  return account;
}

function started(session: Stripe.Checkout.Session | null): StartedCheckout {
  if (!session?.url) throw new HttpError(502, PAYMENT_SESSION_NOT_FOUND);
  return { url: session.url, sessionId: session.id };
}

/**
 * A Checkout Session for the subscription or the free trial, with the user id as client
 * reference. Refused to a paying subscriber, and the trial to an account that has had it.
 */
export async function startSubscriptionCheckout(ctx: PaymentsContext, userId: string, kind: 'subscription' | 'trial', urls: ReturnUrls): Promise<StartedCheckout> {
  const account = await payingAccount(ctx.store, userId);
  const current = account.subscription;
  if (current?.paid && current.level === PAID_LEVEL && isSubscriptionActive(current, ctx.now())) throw new HttpError(409, PAYMENT_ALREADY_SUBSCRIBED);
  const trial = kind === 'trial';
  // Stripe would start a second trial for the same customer; the account decides.
  if (trial && account.trialUsed) throw new HttpError(409, PAYMENT_TRIAL_USED);
  const s = ctx.settings;
  const session = await fromStripe(() =>
    ctx.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: trial && s.trialPriceId ? s.trialPriceId : s.priceId, quantity: 1 }],
      client_reference_id: userId,
      ...(account.email ? { customer_email: account.email } : {}),
      metadata: { kind, user_id: userId },
      subscription_data: { metadata: { user_id: userId }, ...(trial && !s.trialPriceId ? { trial_period_days: s.trialDays } : {}) },
      ...urls,
    }),
  );
  return started(session);
}

/** A one-off donation of `amountMinor` pence; a signed-in donor may be listed as a supporter. */
export async function startDonationCheckout(ctx: PaymentsContext, donor: { userId: string | null; listed: boolean }, amountMinor: number, urls: ReturnUrls): Promise<StartedCheckout> {
  const { userId } = donor;
  const listed = userId !== null && donor.listed;
  const session = await fromStripe(() =>
    ctx.stripe.checkout.sessions.create({
      mode: 'payment',
      submit_type: 'donate',
      line_items: [{ price_data: { currency: DONATION_CURRENCY, unit_amount: amountMinor, product_data: { name: DONATION_PRODUCT_NAME } }, quantity: 1 }],
      ...(userId ? { client_reference_id: userId } : {}),
      metadata: { kind: 'donation', listed: listed ? '1' : '0', ...(userId ? { user_id: userId } : {}) },
      ...urls,
    }),
  );
  return started(session);
}

/** The position of a stream's last event, as an append would answer it. */
async function lastWriteOf(store: EventStore, streamId: string): Promise<AppendResult | null> {
  const events = await store.readStream(streamId);
  const last = events[events.length - 1];
  return last ? { streamId, nextRevision: last.revision, position: last.position } : null;
}

export type VerifiedCheckout =
  | { status: 'pending' }
  | { status: 'applied'; account: Account; position: AppendResult | null };

/**
 * The upgrade page's check: once Stripe has the caller's checkout complete, its subscription is
 * applied (as its webhook would: whichever comes first writes it). 404 for a checkout that is not
 * the caller's; 410 for one that expired.
 */
export async function verifySubscriptionCheckout(ctx: PaymentsContext, userId: string, sessionId: string, metadata: EventMetadata): Promise<VerifiedCheckout> {
  const session = /^[A-Za-z0-9_]{1,255}$/.test(sessionId) ? await fromStripe(() => ctx.stripe.checkout.sessions.retrieve(sessionId)) : null;
  if (!session || session.client_reference_id !== userId || session.mode !== 'subscription') throw new HttpError(404, PAYMENT_SESSION_NOT_FOUND);
  if (session.status === 'expired') throw new HttpError(410, PAYMENT_SESSION_EXPIRED);
  const subscriptionId = idOf(session.subscription);
  if (session.status !== 'complete' || !subscriptionId) return { status: 'pending' };
  const applied = await applyStripeSubscription({ store: ctx.store, stripe: ctx.stripe, now: ctx.now }, userId, subscriptionId, metadata);
  if (applied.outcome === 'pending') return { status: 'pending' };
  const account = applied.handled?.state ?? (await payingAccount(ctx.store, userId));
  // When the webhook wrote the subscription first, the answer still carries its position: the payer's next reads (the downloads' gate) wait for it.
  const position = applied.handled?.appended ?? (await lastWriteOf(ctx.store, userStreamName(userId)));
  return { status: 'applied', account, position };
}
