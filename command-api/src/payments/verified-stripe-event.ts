import Stripe from 'stripe';
import { STRIPE_EVENT_UNREADABLE, STRIPE_SIGNATURE_INVALID } from '@hamlog/domain';
import { HttpError } from '@hamlog/infra/http/errors';

/** How far a signature's time may be from now, either way: Stripe's own tolerance, 5 minutes. */
const TOLERANCE_SECONDS = 300;

/** The time a Stripe-Signature header names (`t=...`; the last one, as the library reads it), in seconds; null without one. */
function signedAtOf(header: string): number | null {
  const times = header.split(',').flatMap((item) => (item.startsWith('t=') ? [Number(item.slice(2))] : []));
  const at = times.at(-1);
  return at !== undefined && Number.isFinite(at) ? at : null;
}

/** The envelope every event has (the rest is read per type, handle-stripe-event.ts). */
function isStripeEvent(value: unknown): value is Stripe.Event {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { id, type, data } = value as Record<string, unknown>;
  const object = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).object : null;
  return typeof id === 'string' && id !== '' && typeof type === 'string' && typeof object === 'object' && object !== null;
}

/**
 * The event in a webhook's body, if Stripe signed exactly these bytes with the endpoint's secret,
 * at a time no more than 5 minutes from now either way: the library refuses a signature too old
 * (a replay) but not one dated ahead, which would stay fresh until then. A bad signature is a 400;
 * so is a signed body that is not a Stripe event (not JSON, or no id, type and data.object),
 * which Stripe never sends, instead of failing later as a server fault.
 */
export function verifiedStripeEvent(stripe: Stripe, payload: Buffer, header: string, secret: string, nowMs = Date.now()): Stripe.Event {
  const signedAt = signedAtOf(header);
  if (signedAt !== null && signedAt - nowMs / 1000 > TOLERANCE_SECONDS) throw new HttpError(400, STRIPE_SIGNATURE_INVALID);
  let event: unknown;
  try {
    event = stripe.webhooks.constructEvent(payload, header, secret, TOLERANCE_SECONDS, undefined, nowMs);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new HttpError(400, STRIPE_SIGNATURE_INVALID);
    // The body is parsed only once its signature holds.
    if (error instanceof SyntaxError) throw new HttpError(400, STRIPE_EVENT_UNREADABLE);
    throw error;
  }
  if (!isStripeEvent(event)) throw new HttpError(400, STRIPE_EVENT_UNREADABLE);
  return event;
}
