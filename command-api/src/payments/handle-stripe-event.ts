import type Stripe from 'stripe';
import { DONATION_CURRENCY, donationDecider, donationStreamName, stripeEventDecider, stripeEventStreamName } from '@hamlog/domain';
import type { EventMetadata, EventStore } from '@hamlog/infra/ports/event-store';
import { handleCommand, aggregateStream } from '../handling/handle-command';
import { applyStripeSubscription } from './apply-stripe-subscription';
import { fromStripe, idOf } from './stripe-client';

interface StripeEventDeps {
  store: EventStore;
  stripe: Stripe;
  now: () => Date;
}

export interface StripeEventResult {
  duplicate: boolean;
  outcome: string;
  /** The account it changed, and the position of that write (the account's next reads wait for it). */
  written: { userId: string; position: number } | null;
}

/** The metadata checkouts carry (payments-router.ts): what the checkout is for and for whom. */
const metadataOf = (object: { metadata?: Stripe.Metadata | null }): Stripe.Metadata => object.metadata ?? {};

/** The subscription an invoice is for: under parent.subscription_details since API 2025-03, on the invoice itself before. */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const parent = invoice.parent?.subscription_details?.subscription;
  return idOf(parent ?? (invoice as unknown as { subscription?: string | { id: string } | null }).subscription);
}

async function userOfSubscription(deps: StripeEventDeps, subscriptionId: string, fallback: string | null | undefined): Promise<string | null> {
  if (fallback) return fallback;
  const subscription = await fromStripe(() => deps.stripe.subscriptions.retrieve(subscriptionId));
  return subscription?.metadata.user_id || null;
}

/** What an event did: whose account it concerned, and the position of what it wrote for them. */
interface Meaning {
  userId: string | null;
  outcome: string;
  position: number | null;
}

const ignored = (userId: string | null = null): Meaning => ({ userId, outcome: 'ignored', position: null });

/** Applies one event's meaning: a subscription brought to Stripe's current state, or a donation recorded. */
async function applyEvent(deps: StripeEventDeps, event: Stripe.Event, metadata: EventMetadata): Promise<Meaning> {
  const subscription = async (subscriptionId: string | null, userId: string | null): Promise<Meaning> => {
    if (!subscriptionId || !userId) return ignored(userId);
    const applied = await applyStripeSubscription(deps, userId, subscriptionId, { ...metadata, userId });
    return { userId, outcome: applied.outcome, position: applied.handled?.appended?.position ?? null };
  };

  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.mode === 'subscription') return subscription(idOf(session.subscription), session.client_reference_id);
      if (session.mode !== 'payment' || metadataOf(session).kind !== 'donation' || session.payment_status !== 'paid') return ignored();
      const userId = session.client_reference_id;
      const data = {
        checkoutSessionId: session.id,
        userId,
        amountMinor: session.amount_total ?? 0,
        currency: session.currency ?? DONATION_CURRENCY,
        listed: metadataOf(session).listed === '1',
        at: deps.now().toISOString(),
      };
      const recorded = await handleCommand(deps.store, donationStreamName(session.id), donationDecider, { type: 'RecordDonation', data }, { ...metadata, userId: userId ?? undefined });
      return { userId, outcome: 'donation', position: recorded.appended?.position ?? null };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const id = invoiceSubscriptionId(invoice);
      return id ? subscription(id, await userOfSubscription(deps, id, invoice.parent?.subscription_details?.metadata?.user_id)) : ignored();
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const object = event.data.object;
      return subscription(object.id, object.metadata.user_id || null);
    }
    default:
      return ignored();
  }
}

/**
 * One verified webhook event, handled once: its stream (stripe-event-{id}) records it, and a
 * redelivery finds it there and changes nothing. What it means is read from Stripe's current
 * state (applyStripeSubscription), so the two steps may be retried apart without harm.
 */
export async function handleStripeEvent(deps: StripeEventDeps, event: Stripe.Event): Promise<StripeEventResult> {
  const streamId = stripeEventStreamName(event.id);
  const seen = await aggregateStream(deps.store, streamId, stripeEventDecider);
  if (seen.state) return { duplicate: true, outcome: 'duplicate', written: null };
  const metadata = { causedBy: 'stripe', correlationId: event.id };
  const { userId, outcome, position } = await applyEvent(deps, event, metadata);
  await handleCommand(deps.store, streamId, stripeEventDecider, { type: 'NoteStripeEvent', data: { stripeEventId: event.id, type: event.type, userId, outcome, at: deps.now().toISOString() } }, metadata);
  return { duplicate: false, outcome, written: userId && position !== null ? { userId, position } : null };
}
