import type Stripe from 'stripe';
import { DONATION_CURRENCY, donationDecider, donationStreamName, stripeEventDecider, stripeEventStreamName } from '@hamlog/domain';
import type { EventStore } from '@hamlog/infra/ports/event-store';
import { handleCommand, loadStream } from '../handling/handle-command';
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
export const metadataOf = (object: { metadata?: Stripe.Metadata | null }): Stripe.Metadata => object.metadata ?? {};

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

/**
 * One verified webhook event, handled once: its stream (stripe-event-{id}) records it, and a
 * redelivery finds it there and changes nothing. What it means is read from Stripe's current
 * state (applyStripeSubscription), so the two steps may be retried apart without harm.
 */
export async function handleStripeEvent(deps: StripeEventDeps, event: Stripe.Event): Promise<StripeEventResult> {
  const streamId = stripeEventStreamName(event.id);
  const seen = await loadStream(deps.store, streamId, stripeEventDecider);
  if (seen.state) return { duplicate: true, outcome: 'duplicate', written: null };
  const metadata = { causedBy: 'stripe', correlationId: event.id };
  let userId: string | null = null;
  let outcome = 'ignored';
  let position: number | null = null;

  const subscription = async (subscriptionId: string | null, user: string | null) => {
    userId = user;
    if (!subscriptionId || !user) return;
    const applied = await applyStripeSubscription(deps, user, subscriptionId, { ...metadata, userId: user });
    outcome = applied.outcome;
    position = applied.handled?.appended?.position ?? null;
  };

  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.mode === 'subscription') {
        await subscription(idOf(session.subscription), session.client_reference_id);
      } else if (session.mode === 'payment' && metadataOf(session).kind === 'donation' && session.payment_status === 'paid') {
        userId = session.client_reference_id;
        const at = deps.now().toISOString();
        const facts = {
          checkoutSessionId: session.id,
          userId,
          amountMinor: session.amount_total ?? 0,
          currency: session.currency ?? DONATION_CURRENCY,
          listed: metadataOf(session).listed === '1',
        };
        const recorded = await handleCommand(deps.store, donationStreamName(session.id), donationDecider, { type: 'RecordDonation', data: { ...facts, at } }, { ...metadata, userId: userId ?? undefined });
        outcome = 'donation';
        position = recorded.appended?.position ?? null;
      }
      break;
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const id = invoiceSubscriptionId(invoice);
      if (id) await subscription(id, await userOfSubscription(deps, id, invoice.parent?.subscription_details?.metadata?.user_id));
      break;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const object = event.data.object;
      await subscription(object.id, object.metadata.user_id || null);
      break;
    }
    default:
      break;
  }
  await handleCommand(deps.store, streamId, stripeEventDecider, { type: 'NoteStripeEvent', data: { stripeEventId: event.id, type: event.type, userId, outcome, at: deps.now().toISOString() } }, metadata);
  const writer: string | null = userId;
  return { duplicate: false, outcome, written: writer && position !== null ? { userId: writer, position } : null };
}
