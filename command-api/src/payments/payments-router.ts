import type { Request } from 'express';
import { Router } from 'express';
import {
  CHECKOUT_RETURN_PATHS,
  parseDonationAmount,
  type CheckoutAnswer,
  type CheckoutKind,
  type PaymentPendingAnswer,
  type PaymentsConfigAnswer,
  type PaymentVerifyAnswer,
} from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { fieldErrors } from '@hamlog/infra/http/errors';
import type { CommandDeps } from '../deps';
import { answerWithPosition } from '../http/answer';
import { bodyObject, stringField } from '../http/body';
import { commandMetadata } from '../http/metadata';
import { accountView, loadUser } from '../users/accounts';
import { startDonationCheckout, startSubscriptionCheckout, verifySubscriptionCheckout, type PaymentsContext, type StartedCheckout } from './checkout-use-cases';
import { createStripe, requireStripe } from './stripe-client';

export const PAYMENTS_CONFIG_PATH = '/stripe/config';
export const CHECKOUT_PATH = '/stripe/checkout';
export const DONATE_PATH = '/stripe/donate';
const VERIFY_SESSION_ROUTE = '/stripe/verify-session/:session_id';

/**
 * Absolute return addresses: PUBLIC_URL, else the page's origin (the browser's Origin header: behind
 * the production gateway the Host is command-api's own), else the address called.
 */
function returnUrls(publicUrl: string | undefined, req: Request, kind: CheckoutKind) {
  const pageOrigin = req.get('origin');
  const origin = publicUrl ?? (pageOrigin && /^https?:\/\/[^/\s]+$/.test(pageOrigin) ? pageOrigin : `${req.protocol}://${req.get('host') ?? 'localhost'}`);
  const paths = CHECKOUT_RETURN_PATHS[kind];
  return { success_url: `${origin}${paths.success}`, cancel_url: `${origin}${paths.cancel}` };
}

const checkoutAnswer = (started: StartedCheckout): CheckoutAnswer => ({ url: started.url, session_id: started.sessionId });

/** Payments: the checkout for the subscription, the free trial and a donation, and the upgrade page's check (use cases in checkout-use-cases.ts). */
export function paymentsRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  const settings = deps.stripe ?? null;
  const stripe = settings ? createStripe(settings) : null;
  const payments = (): PaymentsContext => ({ store: deps.store, stripe: requireStripe(stripe), settings: requireStripe(settings), now });

  /** GET /stripe/config: whether payments are on here, the trial's length and whether the caller may still have it. */
  router.get(PAYMENTS_CONFIG_PATH, authenticate(deps.sessions, false), asyncHandler(async (_req, res) => {
    const userId = res.locals.userId as string | undefined;
    const account = userId ? (await loadUser(deps.store, userId)).state : null;
    const answer: PaymentsConfigAnswer = { enabled: settings !== null, trial_days: settings?.trialDays ?? 0, trial_available: !account?.trialUsed };
    res.json(answer);
  }));

  /** POST /stripe/checkout {kind: 'subscription' | 'trial'}: a Checkout Session for the caller, whose id is the client reference. */
  router.post(CHECKOUT_PATH, authenticate(deps.sessions, true), asyncHandler(async (req, res) => {
    const ctx = payments();
    const kind = stringField(bodyObject(req), 'kind') || 'subscription';
    if (kind !== 'subscription' && kind !== 'trial') throw fieldErrors({ kind: ['The kind must be subscription or trial.'] });
    res.json(checkoutAnswer(await startSubscriptionCheckout(ctx, currentUserId(res), kind, returnUrls(deps.publicUrl, req, kind))));
  }));

  /** POST /stripe/donate {amount, listed}: a one-off payment; signed-in donors may be listed as supporters. */
  router.post(DONATE_PATH, authenticate(deps.sessions, false), asyncHandler(async (req, res) => {
    const ctx = payments();
    const body = bodyObject(req);
    const amount = parseDonationAmount(body.amount);
    if (!amount.ok) throw fieldErrors(amount.errors);
    const donor = { userId: (res.locals.userId as string | undefined) ?? null, listed: body.listed !== false };
    res.json(checkoutAnswer(await startDonationCheckout(ctx, donor, amount.value.amountMinor, returnUrls(deps.publicUrl, req, 'donation'))));
  }));

  /**
   * POST /stripe/verify-session/{id} (polled every 5 s by the upgrade and free-trial pages): 202
   * while Stripe is not done, then {subscription, user, token} with the subscription's position.
   */
  router.post(VERIFY_SESSION_ROUTE, authenticate(deps.sessions, true), asyncHandler(async (req, res) => {
    const ctx = payments();
    const userId = currentUserId(res);
    const verified = await verifySubscriptionCheckout(ctx, userId, String(req.params.session_id ?? ''), commandMetadata(res, userId, { causedBy: 'stripe-checkout' }));
    if (verified.status === 'pending') {
      const pending: PaymentPendingAnswer = { status: 'pending' };
      return void res.status(202).json(pending);
    }
    const view = await accountView(deps, verified.account, now());
    const answer: PaymentVerifyAnswer = { ...view, token: res.locals.token as string };
    await answerWithPosition(res, verified.position, answer);
  }));
  return router;
}
