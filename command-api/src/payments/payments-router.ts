import type { Request } from 'express';
import { Router } from 'express';
import type Stripe from 'stripe';
import {
  CHECKOUT_RETURN_PATHS,
  DONATION_CURRENCY,
  isSubscriptionActive,
  parseDonationAmount,
  PAID_LEVEL,
  PAYMENT_ALREADY_SUBSCRIBED,
  PAYMENT_SESSION_EXPIRED,
  PAYMENT_SESSION_NOT_FOUND,
  PAYMENT_SUB_ACCOUNT,
  PAYMENT_TRIAL_USED,
  DONATION_PRODUCT_NAME,
  type CheckoutAnswer,
  type CheckoutKind,
  type PaymentPendingAnswer,
  type PaymentsConfigAnswer,
  type PaymentVerifyAnswer,
  userStreamName,
} from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { fieldErrors, HttpError } from '@hamlog/infra/http/errors';
import type { StripeSettings } from '@hamlog/infra/payments/stripe-config';
import type { AppendResult, EventStore } from '@hamlog/infra/ports/event-store';
import type { CommandDeps } from '../deps';
import { answerWithPosition } from '../http/answer';
import { bodyObject, stringField } from '../http/body';
import { commandMetadata } from '../http/metadata';
import { accountView, loadUser, type Account } from '../users/accounts';
import { applyStripeSubscription } from './apply-stripe-subscription';
import { createStripe, fromStripe, idOf, requireStripe } from './stripe-client';

export const PAYMENTS_CONFIG_PATH = '/stripe/config';
export const CHECKOUT_PATH = '/stripe/checkout';
export const DONATE_PATH = '/stripe/donate';
/** For the production gateway's choice of service; the route is VERIFY_SESSION_ROUTE. */
export const VERIFY_SESSION_PATH = /^\/stripe\/verify-session\/[^/]+$/;
const VERIFY_SESSION_ROUTE = '/stripe/verify-session/:session_id';

/** The position of a stream's last event, as an append would answer it. */
async function lastWriteOf(store: EventStore, streamId: string): Promise<AppendResult | null> {
  const events = await store.readStream(streamId);
  const last = events[events.length - 1];
  return last ? { streamId, nextRevision: last.revision, position: last.position } : null;
}

/**
 * Absolute return addresses: PUBLIC_URL, else the page's origin (the browser's Origin header: behind
 * the production gateway the Host is command-api's own), else the address called.
 */
function returnUrls(settings: StripeSettings, req: Request, kind: CheckoutKind) {
  const pageOrigin = req.get('origin');
  const origin = settings.publicUrl ?? (pageOrigin && /^https?:\/\/[^/\s]+$/.test(pageOrigin) ? pageOrigin : `${req.protocol}://${req.get('host') ?? 'localhost'}`);
  const paths = CHECKOUT_RETURN_PATHS[kind];
  return { success_url: `${origin}${paths.success}`, cancel_url: `${origin}${paths.cancel}` };
}

/** Payments: the checkout for the subscription, the free trial and a donation, and the upgrade page's check. */
export function paymentsRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  const settings = deps.stripe ?? null;
  const stripe: Stripe | null = settings ? createStripe(settings) : null;
  const ready = () => ({ settings: requireStripe(settings), stripe: requireStripe(stripe) });

  /** GET /stripe/config: whether payments are on here, the trial's length and whether the caller may still have it. */
  router.get(PAYMENTS_CONFIG_PATH, authenticate(deps.sessions, false), asyncHandler(async (_req, res) => {
    const userId = res.locals.userId as string | undefined;
    const account = userId ? (await loadUser(deps.store, userId)).state : null;
    const answer: PaymentsConfigAnswer = { enabled: settings !== null, trial_days: settings?.trialDays ?? 0, trial_available: !account?.trialUsed };
    res.json(answer);
  }));

  const payingAccount = async (userId: string): Promise<Account> => {
    const account = (await loadUser(deps.store, userId)).state;
    if (!account) throw new HttpError(401, 'Unauthenticated.');
    if (account.managedById) throw new HttpError(403, PAYMENT_SUB_ACCOUNT);
    return account;
  };

  /** POST /stripe/checkout {kind: 'subscription' | 'trial'}: a Checkout Session for the caller, whose id is the client reference. */
  router.post(CHECKOUT_PATH, authenticate(deps.sessions, true), asyncHandler(async (req, res) => {
    const { settings: s, stripe: client } = ready();
    const kind = stringField(bodyObject(req), 'kind') || 'subscription';
    if (kind !== 'subscription' && kind !== 'trial') throw fieldErrors({ kind: ['The kind must be subscription or trial.'] });
    const userId = currentUserId(res);
    const account = await payingAccount(userId);
    const current = account.subscription;
    if (current?.paid && current.level === PAID_LEVEL && isSubscriptionActive(current, now())) throw new HttpError(409, PAYMENT_ALREADY_SUBSCRIBED);
    const trial = kind === 'trial';
    // Stripe would start a second trial for the same customer; the account decides.
    if (trial && account.trialUsed) throw new HttpError(409, PAYMENT_TRIAL_USED);
    const session = await fromStripe(() =>
      client.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: trial && s.trialPriceId ? s.trialPriceId : s.priceId, quantity: 1 }],
        client_reference_id: userId,
        ...(account.email ? { customer_email: account.email } : {}),
        metadata: { kind, user_id: userId },
        subscription_data: { metadata: { user_id: userId }, ...(trial && !s.trialPriceId ? { trial_period_days: s.trialDays } : {}) },
        ...returnUrls(s, req, kind),
      }),
    );
    if (!session?.url) throw new HttpError(502, PAYMENT_SESSION_NOT_FOUND);
    const answer: CheckoutAnswer = { url: session.url, session_id: session.id };
    res.json(answer);
  }));

  /** POST /stripe/donate {amount, listed}: a one-off payment; signed-in donors may be listed as supporters. */
  router.post(DONATE_PATH, authenticate(deps.sessions, false), asyncHandler(async (req, res) => {
    const { settings: s, stripe: client } = ready();
    const body = bodyObject(req);
    const amount = parseDonationAmount(body.amount);
    if (!amount.ok) throw fieldErrors(amount.errors);
    const userId = (res.locals.userId as string | undefined) ?? null;
    const listed = userId !== null && body.listed !== false;
    const session = await fromStripe(() =>
      client.checkout.sessions.create({
        mode: 'payment',
        submit_type: 'donate',
        line_items: [{ price_data: { currency: DONATION_CURRENCY, unit_amount: amount.value.amountMinor, product_data: { name: DONATION_PRODUCT_NAME } }, quantity: 1 }],
        ...(userId ? { client_reference_id: userId } : {}),
        metadata: { kind: 'donation', listed: listed ? '1' : '0', ...(userId ? { user_id: userId } : {}) },
        ...returnUrls(s, req, 'donation'),
      }),
    );
    if (!session?.url) throw new HttpError(502, PAYMENT_SESSION_NOT_FOUND);
    const answer: CheckoutAnswer = { url: session.url, session_id: session.id };
    res.json(answer);
  }));

  /**
   * POST /stripe/verify-session/{id} (polled every 5 s by the upgrade and free-trial pages): once
   * Stripe has the checkout complete, the subscription is applied (as its webhook would: the one
   * that comes first writes it) and the answer is {subscription, user, token}; 202 while Stripe is
   * not done; 404 for a checkout that is not the caller's; 410 for one that expired.
   */
  router.post(VERIFY_SESSION_ROUTE, authenticate(deps.sessions, true), asyncHandler(async (req, res) => {
    const { stripe: client } = ready();
    const sessionId = String(req.params.session_id ?? '');
    const userId = currentUserId(res);
    const session = /^[A-Za-z0-9_]{1,255}$/.test(sessionId) ? await fromStripe(() => client.checkout.sessions.retrieve(sessionId)) : null;
    if (!session || session.client_reference_id !== userId || session.mode !== 'subscription') throw new HttpError(404, PAYMENT_SESSION_NOT_FOUND);
    if (session.status === 'expired') throw new HttpError(410, PAYMENT_SESSION_EXPIRED);
    const subscriptionId = idOf(session.subscription);
    const pending: PaymentPendingAnswer = { status: 'pending' };
    if (session.status !== 'complete' || !subscriptionId) return void res.status(202).json(pending);
    const applied = await applyStripeSubscription({ store: deps.store, stripe: client, now }, userId, subscriptionId, commandMetadata(res, userId, { causedBy: 'stripe-checkout' }));
    if (applied.outcome === 'pending') return void res.status(202).json(pending);
    const account = applied.handled?.state ?? (await payingAccount(userId));
    const view = await accountView(deps, account, now());
    const answer: PaymentVerifyAnswer = { ...view, token: res.locals.token as string };
    // When the webhook wrote the subscription first, the answer still carries its position: the payer's next reads (the downloads' gate) wait for it.
    await answerWithPosition(res, applied.handled?.appended ?? (await lastWriteOf(deps.store, userStreamName(userId))), answer);
  }));
  return router;
}
