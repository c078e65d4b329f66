/**
 * Payments (issue 12) on the embedded runtime with real PostgreSQL, the real `stripe` library
 * talking to a local server speaking the parts of Stripe's API we use, and webhooks signed with
 * the library's own test-header helper: checkout for the subscription, the free trial and a
 * donation; the upgrade page's check; webhooks refused on a bad signature, idempotent when
 * redelivered; renewal, cancellation and expiry moving the gates; the supporters list.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYMENT_SESSION_NOT_FOUND,
  PAYMENT_TRIAL_USED,
  PAYMENTS_NOT_CONFIGURED,
  STRIPE_EVENT_UNREADABLE,
  STRIPE_SIGNATURE_INVALID,
  userStreamName,
  type CheckoutAnswer,
  type PaymentVerifyAnswer,
  type StatusAnswer,
  type SupportersAnswer,
} from '@hamlog/domain';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { createPool } from '@hamlog/infra/postgres/pool';
import { startFakeStripe, type FakeObject, type FakeStripe } from '@hamlog/infra/testing/fake-stripe';
import { ApiClient, startTestServer, startWithAliceAndBob, type TestServer } from './server-harness';

const SECRET_KEY = 'sk_test_hamlog_fake';
const WEBHOOK_SECRET = 'whsec_test_hamlog';
const DAY_MS = 86_400_000;
const signer = new Stripe(SECRET_KEY);

describe('payments through Stripe (checkout, the upgrade check, webhooks, donations)', () => {
  let t: TestServer;
  let fake: FakeStripe;
  let alice: ApiClient;
  let bob: ApiClient;
  let aliceId: string;
  let bobId: string;

  /** Posts a webhook the way Stripe does: the raw JSON and its Stripe-Signature header (signed now, or at `timestamp` in seconds). */
  const deliver = async (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) => {
    const header = signer.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });
    const res = await fetch(`${t.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
    const text = await res.text();
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { text };
    }
    return { status: res.status, body };
  };
  const subscriptionEvents = async (userId: string) => {
    const pool = createPool(t.db.url, 1);
    try {
      const store = await PostgresEventStore.create(pool);
      const events = (await store.readStream(userStreamName(userId))).filter((e) => e.type === 'SubscriptionChanged');
      await store.close();
      return events.map((e) => e.data as { level: string | null; expiryDate: string | null; paid: boolean; change?: string });
    } finally {
      await pool.end();
    }
  };
  const status = async (client: ApiClient) => (await client.post<StatusAnswer>('/vsr')).body.subscription;
  const canMessage = async (client: ApiClient, to: string) => (await client.post('/vsendmessage', { message: `Hello from a test at ${Date.now()}`, recipient_id: to })).status;
  const checkout = async (client: ApiClient, kind: 'subscription' | 'trial') => {
    const res = await client.post<CheckoutAnswer>('/stripe/checkout', { kind });
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: SECRET_KEY });
    ({ t, alice, bob, aliceId, bobId } = await startWithAliceAndBob('W1AW', {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PRICE_ID: 'price_premium_yearly',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
      PUBLIC_URL: 'https://hamlog.test',
    }));
  });
  afterAll(async () => {
    await t?.stop();
    await fake?.close();
  });

  it('says payments are on, with the trial length', async () => {
    expect((await alice.call('GET', '/stripe/config')).body).toEqual({ enabled: true, trial_days: 14, trial_available: true });
    expect((await new ApiClient(t.url).call('GET', '/stripe/config')).body).toEqual({ enabled: true, trial_days: 14, trial_available: true });
  });

  it('creates the subscription checkout with the user id as client reference and the spec return addresses', async () => {
    const answer = await checkout(alice, 'subscription');
    expect(answer.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const request = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').at(-1)!;
    expect(request.form).toMatchObject({
      mode: 'subscription',
      client_reference_id: aliceId,
      customer_email: 'alice@example.com',
      line_items: [{ price: 'price_premium_yearly', quantity: '1' }],
      subscription_data: { metadata: { user_id: aliceId } },
      success_url: 'https://hamlog.test/stripe/upgrade/check?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://hamlog.test/?stripe=upgrade-abort',
    });
    expect((request.form.subscription_data as Record<string, unknown>).trial_period_days).toBeUndefined();
  });

  it('answers the upgrade check 202 while Stripe is not done, and 404 to anyone but the payer', async () => {
    const { session_id } = await checkout(alice, 'subscription');
    expect((await alice.post(`/stripe/verify-session/${session_id}`)).status).toBe(202);
    const other = await bob.post(`/stripe/verify-session/${session_id}`);
    expect(other).toMatchObject({ status: 404, body: { message: PAYMENT_SESSION_NOT_FOUND } });
    expect((await alice.post('/stripe/verify-session/cs_test_nothing_here')).status).toBe(404);
    expect((await new ApiClient(t.url).post(`/stripe/verify-session/${session_id}`)).status).toBe(401);
  });

  it('refuses a webhook with a bad signature (400) and writes nothing', async () => {
    const { session_id } = await checkout(alice, 'subscription');
    const session = fake.complete(session_id);
    const payload = fake.event('checkout.session.completed', session);
    const forged = await deliver(payload, 'whsec_someone_else');
    expect(forged).toMatchObject({ status: 400, body: { message: STRIPE_SIGNATURE_INVALID } });
    const unsigned = await fetch(`${t.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
    expect(unsigned.status).toBe(400);
    // Signed, then changed on the way.
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await fetch(`${t.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload.replace(aliceId, bobId) });
    expect(tampered.status).toBe(400);
    expect(await subscriptionEvents(aliceId)).toEqual([]);
    expect((await status(alice)).level).toBe('free');
    expect(await canMessage(alice, bobId)).toBe(403);
  });

  it('answers a correctly signed body that is no Stripe event 400, and writes nothing', async () => {
    const depth = 10_000;
    const bodies = [
      'this is not JSON',
      '{"id": "evt_1", "type": ',
      'null',
      '[]',
      '42',
      '{"id":"evt_no_type"}',
      '{"id":"evt_no_object","type":"customer.subscription.updated","data":{}}',
      `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
      `${'['.repeat(depth)}${']'.repeat(depth)}`,
      `{"id":"evt_deep","type":"customer.subscription.updated","data":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    ];
    for (const payload of bodies) {
      expect(await deliver(payload), payload.slice(0, 60)).toEqual({ status: 400, body: { message: STRIPE_EVENT_UNREADABLE } });
      // Unsigned, the same bodies never get that far.
      const unsigned = await fetch(`${t.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' }, body: payload });
      expect(unsigned.status, payload.slice(0, 60)).toBe(400);
      expect(await unsigned.json()).toEqual({ message: STRIPE_SIGNATURE_INVALID });
    }
    expect(await subscriptionEvents(aliceId)).toEqual([]);
  });

  it('refuses a signature dated too far ahead, as well as one too old; a few seconds either way pass', async () => {
    const now = Math.floor(Date.now() / 1000);
    const event = () => fake.event('customer.subscription.updated', { id: 'sub_nobody', object: 'subscription', metadata: {} });
    for (const [what, timestamp] of [['an hour ahead', now + 3600], ['ten minutes ahead', now + 600], ['ten minutes ago', now - 600], ['a day ago', now - 86_400]] as const) {
      expect(await deliver(event(), WEBHOOK_SECRET, timestamp), what).toEqual({ status: 400, body: { message: STRIPE_SIGNATURE_INVALID } });
    }
    for (const [what, timestamp] of [['a minute ahead', now + 60], ['a minute ago', now - 60]] as const) {
      expect(await deliver(event(), WEBHOOK_SECRET, timestamp), what).toMatchObject({ status: 200, body: { received: true, outcome: 'ignored' } });
    }
  });

  let aliceSubscription = '';
  it('starts the subscription from checkout.session.completed; a redelivery changes nothing; the check then answers {subscription, user, token}', async () => {
    const { session_id } = await checkout(alice, 'subscription');
    const session = fake.complete(session_id);
    aliceSubscription = session.subscription as string;
    const payload = fake.event('checkout.session.completed', session);
    expect(await deliver(payload)).toMatchObject({ status: 200, body: { received: true, duplicate: false, outcome: 'subscription' } });
    expect(await deliver(payload)).toMatchObject({ status: 200, body: { received: true, duplicate: true } });
    const events = await subscriptionEvents(aliceId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ level: 'premium', paid: true, change: 'started' });
    expect(new Date(events[0]!.expiryDate!).getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);

    const verified = await alice.post<PaymentVerifyAnswer>(`/stripe/verify-session/${session_id}`);
    expect(verified.status).toBe(200);
    expect(verified.body.token).toBe(alice.token);
    // The webhook wrote it; the answer still carries its position, for Alice's next reads.
    expect(Number(verified.headers.get('x-log-position'))).toBeGreaterThan(0);
    expect(verified.body.subscription).toMatchObject({ level: 'premium', expiryDate: events[0]!.expiryDate });
    expect(verified.body.user).toMatchObject({ id: aliceId, my_callsign: 'W1AW' });
    // The check and the webhook write the subscription once between them.
    expect(await subscriptionEvents(aliceId)).toHaveLength(1);
    expect((await status(alice)).level).toBe('premium');
    expect(await canMessage(alice, bobId)).toBe(201);
  });

  it('renews from invoice.paid and customer.subscription.updated with the new period end', async () => {
    const next = new Date(Date.now() + 400 * DAY_MS);
    const subscription = fake.updateSubscription(aliceSubscription, { periodEnd: next });
    const invoice: FakeObject = { id: 'in_test_renewal', object: 'invoice', parent: { type: 'subscription_details', subscription_details: { subscription: aliceSubscription, metadata: { user_id: aliceId } } } };
    expect((await deliver(fake.event('invoice.paid', invoice))).body).toMatchObject({ outcome: 'subscription' });
    expect((await deliver(fake.event('customer.subscription.updated', subscription))).body).toMatchObject({ outcome: 'unchanged' });
    const events = await subscriptionEvents(aliceId);
    expect(events.at(-1)).toMatchObject({ level: 'premium', change: 'renewed', expiryDate: next.toISOString().replace(/\.\d{3}Z$/, 'Z') });
    expect(events).toHaveLength(2);
  });

  it('an old event arriving late cannot undo a newer state: Stripe is asked, not the payload', async () => {
    const stale: FakeObject = { ...fake.subscriptions.get(aliceSubscription)!, status: 'canceled' };
    expect((await deliver(fake.event('customer.subscription.updated', stale))).body).toMatchObject({ outcome: 'unchanged' });
    expect((await status(alice)).level).toBe('premium');
  });

  it('cancellation (customer.subscription.deleted) takes the subscription and its gates away', async () => {
    const subscription = fake.updateSubscription(aliceSubscription, { status: 'canceled' });
    expect((await deliver(fake.event('customer.subscription.deleted', subscription))).body).toMatchObject({ outcome: 'subscription' });
    expect((await subscriptionEvents(aliceId)).at(-1)).toMatchObject({ level: null, change: 'cancelled' });
    // The webhook's write is remembered for Alice: her next status read waits for it.
    expect((await status(alice)).level).toBe('free');
    expect(await canMessage(alice, bobId)).toBe(403);
  });

  it('the free trial: trial days on the checkout, the trial level to its end, expiry (unpaid) removing it', async () => {
    const { session_id } = await checkout(bob, 'trial');
    const request = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').at(-1)!;
    expect(request.form).toMatchObject({
      client_reference_id: bobId,
      subscription_data: { trial_period_days: '14', metadata: { user_id: bobId } },
      success_url: 'https://hamlog.test/stripe/start-trial/{CHECKOUT_SESSION_ID}',
    });
    const session = fake.complete(session_id);
    // Here the browser comes back before the webhook: the check applies it, the webhook then finds it done.
    const verified = await bob.post<PaymentVerifyAnswer>(`/stripe/verify-session/${session_id}`);
    expect(verified.status).toBe(200);
    expect(verified.body.subscription.level).toBe('trial');
    expect((await deliver(fake.event('checkout.session.completed', session))).body).toMatchObject({ outcome: 'unchanged' });
    expect(await subscriptionEvents(bobId)).toEqual([expect.objectContaining({ level: 'trial', paid: false, change: 'started' })]);
    expect(await canMessage(bob, aliceId)).toBe(201);

    const subscription = fake.updateSubscription(session.subscription as string, { status: 'unpaid' });
    expect((await deliver(fake.event('customer.subscription.updated', subscription))).body).toMatchObject({ outcome: 'subscription' });
    expect((await subscriptionEvents(bobId)).at(-1)).toMatchObject({ level: null, change: 'expired' });
    expect(await canMessage(bob, aliceId)).toBe(403);

    // One free trial per account: the second is refused before Stripe is asked; subscribing still works.
    expect((await bob.call('GET', '/stripe/config')).body).toMatchObject({ trial_available: false });
    const sessionsBefore = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    expect(await bob.post('/stripe/checkout', { kind: 'trial' })).toMatchObject({ status: 409, body: { message: PAYMENT_TRIAL_USED } });
    expect(fake.requests.filter((r) => r.path === '/v1/checkout/sessions').length).toBe(sessionsBefore);
    expect((await bob.post('/stripe/checkout', { kind: 'subscription' })).status).toBe(200);
  });

  it('donations: validated amount, a one-off checkout, recorded once, listed supporters by callsign and name', async () => {
    expect((await alice.post('/stripe/donate', { amount: '0.50' })).status).toBe(422);
    expect((await alice.post('/stripe/donate', { amount: 'lots' })).status).toBe(422);
    const profile = await alice.post('/vupdateprofile', { name: 'Alice Amateur', email: 'alice@example.com', qth: 'Newington, CT', grid: 'FN31pr' });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    const res = await alice.post<CheckoutAnswer>('/stripe/donate', { amount: '12.50' });
    expect(res.status).toBe(200);
    const request = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').at(-1)!;
    expect(request.form).toMatchObject({
      mode: 'payment',
      client_reference_id: aliceId,
      line_items: [{ price_data: { currency: 'gbp', unit_amount: '1250' }, quantity: '1' }],
      metadata: { kind: 'donation', listed: '1' },
      success_url: 'https://hamlog.test/support-us/thanks',
      cancel_url: 'https://hamlog.test/support-us/cancel',
    });
    // An anonymous donor is not listed.
    const anonymous = await new ApiClient(t.url).post<CheckoutAnswer>('/stripe/donate', { amount: 5 });
    expect(anonymous.status).toBe(200);

    const payload = fake.event('checkout.session.completed', fake.complete(res.body.session_id));
    expect((await deliver(payload)).body).toMatchObject({ outcome: 'donation' });
    expect((await deliver(payload)).body).toMatchObject({ duplicate: true });
    expect((await deliver(fake.event('checkout.session.completed', fake.complete(anonymous.body.session_id)))).body).toMatchObject({ outcome: 'donation' });

    // The webhooks' writes are not the reader's: wait (5 s at most) for the read model to have both.
    const pool = createPool(t.db.url, 1);
    try {
      let rows: { amount_minor: number; listed: boolean }[] = [];
      for (let i = 0; i < 50 && rows.length < 2; i += 1) {
        ({ rows } = await pool.query<{ amount_minor: number; listed: boolean }>('SELECT amount_minor, listed FROM rm_donations ORDER BY amount_minor'));
        if (rows.length < 2) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(rows).toEqual([{ amount_minor: 500, listed: false }, { amount_minor: 1250, listed: true }]);
    } finally {
      await pool.end();
    }
    // Alice's donation is remembered as her write: her read of the list waits for it.
    const supporters = (await alice.call<SupportersAnswer>('GET', '/vsupporters')).body;
    expect(supporters).toEqual({ supporters: [{ my_callsign: 'W1AW', name: 'Alice Amateur' }] });
  });
});

describe('payments without Stripe keys', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ STRIPE_SECRET_KEY: '', STRIPE_PRICE_ID: '' });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('says payments are not configured, with a 404 on every payment call', async () => {
    const client = new ApiClient(t.url);
    await client.signUp('carol@example.com', 'G4CAR');
    expect((await client.call('GET', '/stripe/config')).body).toEqual({ enabled: false, trial_days: 0, trial_available: true });
    for (const [path, body] of [['/stripe/checkout', { kind: 'subscription' }], ['/stripe/donate', { amount: 5 }], ['/stripe/verify-session/cs_test_x', {}]] as const) {
      expect(await client.post(path, body)).toMatchObject({ status: 404, body: { message: PAYMENTS_NOT_CONFIGURED } });
    }
    const webhook = await fetch(`${t.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' }, body: '{}' });
    expect(webhook.status).toBe(404);
  });
});
