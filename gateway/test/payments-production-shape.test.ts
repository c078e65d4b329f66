/**
 * Payments in the production shape: the gateway sends /api/stripe/... to command-api with the
 * webhook's bytes untouched (its signature still matches), Stripe's return addresses name the
 * page's origin rather than command-api's own host, and query-api (another process) shows the
 * subscription to the payer's next read.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutAnswer, PaymentVerifyAnswer, StatusAnswer } from '@hamlog/domain';
import { startFakeStripe, type FakeStripe } from '@hamlog/infra/testing/fake-stripe';
import { ApiClient } from './server-harness';
import { startSplitShape, type SplitShape } from './service-processes';

const SECRET_KEY = 'sk_test_split_shape';
const WEBHOOK_SECRET = 'whsec_split_shape';
const PAGE_ORIGIN = 'https://hamlog.example';

describe('payments with command-api, query-api and the gateway apart', () => {
  let shape: SplitShape;
  let fake: FakeStripe;

  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: SECRET_KEY });
    shape = await startSplitShape('payments', { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_PRICE_ID: 'price_split', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url, PUBLIC_URL: '' });
  }, 120_000);
  afterAll(async () => {
    await shape?.stop();
    await fake?.close();
  });

  it('checkout, the signed webhook through the gateway, the check, and the status poll', async () => {
    const alice = new ApiClient(shape.gateway);
    const aliceId = await alice.signUp('alice@example.com', 'W1AW');
    const res = await fetch(`${shape.gateway}/api/stripe/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${alice.token}`, origin: PAGE_ORIGIN },
      body: JSON.stringify({ kind: 'subscription' }),
    });
    expect(res.status).toBe(200);
    const { session_id } = (await res.json()) as CheckoutAnswer;
    const session = fake.complete(session_id);
    expect(session).toMatchObject({ client_reference_id: aliceId, success_url: `${PAGE_ORIGIN}/stripe/upgrade/check?session_id={CHECKOUT_SESSION_ID}`, cancel_url: `${PAGE_ORIGIN}/?stripe=upgrade-abort` });

    const payload = fake.event('checkout.session.completed', session);
    const signature = new Stripe(SECRET_KEY).webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const hook = await fetch(`${shape.gateway}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
    expect(await hook.json()).toMatchObject({ received: true, outcome: 'subscription' });

    const verified = await alice.post<PaymentVerifyAnswer>(`/stripe/verify-session/${session_id}`);
    expect(verified.status).toBe(200);
    expect(verified.body.subscription.level).toBe('premium');
    // query-api waits for the position the check answered with, though the webhook wrote it.
    expect((await alice.post<StatusAnswer>('/vsr')).body.subscription.level).toBe('premium');
  }, 60_000);
});
