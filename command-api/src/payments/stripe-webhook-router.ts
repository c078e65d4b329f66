import express, { Router } from 'express';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import type { CommandDeps } from '../deps';
import { handleStripeEvent } from './handle-stripe-event';
import { createStripe, requireStripe } from './stripe-client';
import { verifiedStripeEvent } from './verified-stripe-event';

export const STRIPE_WEBHOOK_PATH = '/stripe/webhook';

/**
 * POST /stripe/webhook: Stripe's events, verified against STRIPE_WEBHOOK_SECRET on the exact
 * bytes received (so mounted before the app's JSON parser: HttpAppOptions.ownBodyApi). A bad
 * signature, a time too far from now or a body that is no event is a 400 and nothing is written
 * (verified-stripe-event.ts); a handled event is a 200 (Stripe then stops sending it).
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
    const event = verifiedStripeEvent(client, payload, signature, secret);
    const { written, ...result } = await handleStripeEvent({ store: deps.store, stripe: client, now }, event);
    // The payer's next reads (the status poll, the supporters list) wait for what Stripe's event wrote for them.
    if (written) await deps.writePositions.remember(written.userId, written.position).catch((err: unknown) => deps.logger.warn({ err, userId: written.userId }, 'could not remember a write position'));
    res.json({ received: true, ...result });
  }));
  return router;
}
