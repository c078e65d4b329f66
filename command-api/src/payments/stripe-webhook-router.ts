import express, { Router } from 'express';
import Stripe from 'stripe';
import { STRIPE_SIGNATURE_INVALID } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { HttpError } from '@hamlog/infra/http/errors';
import type { CommandDeps } from '../deps';
import { handleStripeEvent } from './handle-stripe-event';
import { createStripe, requireStripe } from './stripe-client';

export const STRIPE_WEBHOOK_PATH = '/stripe/webhook';

/**
 * POST /stripe/webhook: Stripe's events, verified against STRIPE_WEBHOOK_SECRET on the exact
 * bytes received (so mounted before the app's JSON parser: HttpAppOptions.ownBodyApi). A bad
 * signature is a 400 and nothing is written; a handled event is a 200 (Stripe then stops sending it).
 */
export function stripeWebhookRouter(deps: CommandDeps): Router {
  const router = Router();
  const settings = deps.stripe ?? null;
  const stripe = settings ? createStripe(settings) : null;
  const now = () => deps.now?.() ?? new Date();
  router.post(STRIPE_WEBHOOK_PATH, express.raw({ type: '*/*', limit: '1mb' }), asyncHandler(async (req, res) => {
    const client = requireStripe(stripe);
    const secret = requireStripe(settings?.webhookSecret);
    const signature = req.get('stripe-signature') ?? '';
    const payload = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let event: Stripe.Event;
    try {
      event = client.webhooks.constructEvent(payload, signature, secret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new HttpError(400, STRIPE_SIGNATURE_INVALID);
      throw error;
    }
    const { written, ...result } = await handleStripeEvent({ store: deps.store, stripe: client, now }, event);
    // The payer's next reads (the status poll, the supporters list) wait for what Stripe's event wrote for them.
    if (written) await deps.writePositions.remember(written.userId, written.position).catch((err: unknown) => deps.logger.warn({ err, userId: written.userId }, 'could not remember a write position'));
    res.json({ received: true, ...result });
  }));
  return router;
}
