/**
 * Each Stripe webhook event handled is recorded on a stream of its own, so a redelivered event
 * (Stripe sends one again until it is answered 2xx, and sometimes after) changes nothing.
 */
import { assertNever, type Decider, type Message } from '../decider';

export const stripeEventStreamName = (stripeEventId: string): string => `stripe-event-${stripeEventId}`;

/** outcome: what it did ('subscription', 'donation') or why it did nothing ('ignored'). */
export type StripeEventHandled = Message<'StripeEventHandled', { stripeEventId: string; type: string; userId: string | null; outcome: string; handledAt: string }>;
export type StripeEventEvent = StripeEventHandled;
export type NoteStripeEvent = Message<'NoteStripeEvent', { stripeEventId: string; type: string; userId: string | null; outcome: string; at: string }>;

export const stripeEventDecider: Decider<NoteStripeEvent, StripeEventEvent, boolean> = {
  initialState: () => false,
  decide(command, handled) {
    if (handled) return [];
    const { at, ...data } = command.data;
    return [{ type: 'StripeEventHandled', data: { ...data, handledAt: at } }];
  },
  evolve(_state, event) {
    switch (event.type) {
      case 'StripeEventHandled':
        return true;
      default:
        return assertNever(event.type);
    }
  },
};
