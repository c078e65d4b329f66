/**
 * A local stand-in for the parts of Stripe's API HamLog uses (issue 12), so the real `stripe`
 * library is tested without leaving the machine: POST /v1/checkout/sessions (form-encoded, with
 * Stripe's bracket syntax), GET /v1/checkout/sessions/{id} and GET /v1/subscriptions/{id}, with
 * the secret key checked as Stripe does (Bearer). Tests then play Stripe's part: complete() a
 * session as a paying customer would, and sign the webhook payloads event() builds with the
 * library's own stripe.webhooks.generateTestHeaderString.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';

export type FakeObject = Record<string, unknown> & { id: string };

export interface FakeStripeRequest {
  method: string;
  path: string;
  form: Record<string, unknown>;
}

export interface FakeStripe {
  /** The base address for STRIPE_API_URL. */
  url: string;
  /** Every request, in order. */
  readonly requests: FakeStripeRequest[];
  readonly sessions: Map<string, FakeObject>;
  readonly subscriptions: Map<string, FakeObject>;
  /**
   * The customer paid: the session becomes complete and paid; a subscription session gets a
   * subscription (trialing when it asked for trial days), a payment session a payment intent.
   */
  complete(sessionId: string, now?: Date): FakeObject;
  /** Change a subscription as Stripe would (a renewal's period, a cancellation's status). */
  updateSubscription(id: string, patch: { status?: string; periodEnd?: Date; trialEnd?: Date | null }): FakeObject;
  /** A webhook event's JSON (as Stripe sends it) about `object`. */
  event(type: string, object: FakeObject, id?: string): string;
  /** Answer the next requests with this status (e.g. 500) or hang; null to serve again. */
  misbehave(next: { status: number } | { hangMs: number } | null): void;
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);
const DAY_S = 86_400;

/** Stripe's form encoding: a[b][0][c]=v nests; numeric keys make arrays. */
function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrays(v)] as const);
    return entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k)) ? entries.map(([, v]) => v) : Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

const stripeError = (message: string, param?: string) => ({ error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } });

export async function startFakeStripe(options: { secretKey: string }): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, FakeObject>();
  const subscriptions = new Map<string, FakeObject>();
  let misbehaviour: { status: number } | { hangMs: number } | null = null;

  function createSession(form: Record<string, unknown>): [number, unknown] {
    const mode = form.mode;
    if (mode !== 'subscription' && mode !== 'payment') return [400, stripeError('Invalid mode', 'mode')];
    if (typeof form.success_url !== 'string' || typeof form.cancel_url !== 'string') return [400, stripeError('Missing success_url or cancel_url', 'success_url')];
    const items = form.line_items;
    if (!Array.isArray(items) || items.length === 0) return [400, stripeError('Missing line_items', 'line_items')];
    const id = newId('cs');
    const session: FakeObject = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: form.client_reference_id ?? null,
      customer_email: form.customer_email ?? null,
      metadata: form.metadata ?? {},
      line_items_requested: items,
      subscription_data: form.subscription_data ?? null,
      amount_total: null,
      currency: null,
      subscription: null,
      payment_intent: null,
      success_url: form.success_url,
      cancel_url: form.cancel_url,
      url: `https://checkout.stripe.test/c/pay/${id}`,
      created: unix(new Date()),
    };
    if (mode === 'payment') {
      const first = items[0] as { price_data?: { currency?: string; unit_amount?: string } };
      session.amount_total = Number(first.price_data?.unit_amount ?? 0);
      session.currency = first.price_data?.currency ?? 'gbp';
    }
    sessions.set(id, session);
    return [200, session];
  }

  function subscriptionObject(id: string, status: string, periodEnd: Date, trialEnd: Date | null, metadata: unknown): FakeObject {
    return {
      id,
      object: 'subscription',
      status,
      metadata: metadata ?? {},
      trial_end: trialEnd ? unix(trialEnd) : null,
      cancel_at_period_end: false,
      items: { object: 'list', data: [{ id: newId('si'), object: 'subscription_item', current_period_end: unix(periodEnd) }] },
    };
  }

  const route = (method: string, path: string, form: Record<string, unknown>): [number, unknown] => {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form);
    const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && session) {
      const found = sessions.get(decodeURIComponent(session[1]!));
      return found ? [200, found] : [404, stripeError(`No such checkout.session: '${session[1]}'`, 'id')];
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'GET' && subscription) {
      const found = subscriptions.get(decodeURIComponent(subscription[1]!));
      return found ? [200, found] : [404, stripeError(`No such subscription: '${subscription[1]}'`, 'id')];
    }
    return [404, stripeError(`Unrecognized request URL (${method}: ${path}).`)];
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await text(req);
      const now = misbehaviour;
      if (now && 'hangMs' in now) await new Promise((resolve) => setTimeout(resolve, now.hangMs));
      const send = (status: number, answer: unknown) => res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') }).end(JSON.stringify(answer));
      if (now && 'status' in now) return send(now.status, { error: { type: 'api_error', message: 'Fake Stripe was told to fail.' } });
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = parseStripeForm(req.method === 'GET' ? url.search.slice(1) : body);
      requests.push({ method: req.method ?? '', path: url.pathname, form });
      if (req.headers.authorization !== `Bearer ${options.secretKey}`) return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      const [status, answer] = route(req.method ?? '', url.pathname, form);
      send(status, answer);
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    subscriptions,
    complete(sessionId, now = new Date()) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (session.status === 'complete') return session;
      session.status = 'complete';
      if (session.mode === 'subscription') {
        const data = (session.subscription_data ?? {}) as { trial_period_days?: string; metadata?: unknown };
        const trialDays = Number(data.trial_period_days ?? 0);
        const id = newId('sub');
        const trialEnd = trialDays > 0 ? new Date(now.getTime() + trialDays * DAY_S * 1000) : null;
        const periodEnd = trialEnd ?? new Date(now.getTime() + 30 * DAY_S * 1000);
        subscriptions.set(id, subscriptionObject(id, trialEnd ? 'trialing' : 'active', periodEnd, trialEnd, data.metadata));
        session.subscription = id;
        session.payment_status = trialEnd ? 'no_payment_required' : 'paid';
      } else {
        session.payment_intent = newId('pi');
        session.payment_status = 'paid';
      }
      return session;
    },
    updateSubscription(id, patch) {
      const found = subscriptions.get(id);
      if (!found) throw new Error(`no subscription ${id}`);
      if (patch.status) found.status = patch.status;
      if (patch.periodEnd) (found.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end = unix(patch.periodEnd);
      if (patch.trialEnd !== undefined) found.trial_end = patch.trialEnd ? unix(patch.trialEnd) : null;
      return found;
    },
    event(type, object, id = newId('evt')) {
      return JSON.stringify({ id, object: 'event', api_version: '2026-08-26.dahlia', created: unix(new Date()), livemode: false, type, data: { object } }, null, 2);
    },
    misbehave(next) {
      misbehaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
