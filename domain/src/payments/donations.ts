/** Donations (community spec §2 'Donations'): the amount a supporter enters, and one stream per completed Checkout Session. */
import { assertNever, type Decider, type Message } from '../decider';
import * as m from '../messages';
import type { Validated } from '../validated';

/** Donations are taken in this currency (the revenue estimate is in GBP too). */
export const DONATION_CURRENCY = 'gbp';
/** Whole pounds: the least and the most one donation may be. */
export const DONATION_MIN = 1;
export const DONATION_MAX = 1000;

/** '5', '5.5' or '5.50' pounds, within the bounds, as pence. */
export function parseDonationAmount(text: unknown): Validated<{ amountMinor: number }> {
  const value = typeof text === 'number' ? String(text) : typeof text === 'string' ? text.trim() : '';
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value)) return { ok: false, errors: { amount: [m.DONATION_AMOUNT_INVALID] } };
  const amountMinor = Math.round(Number(value) * 100);
  if (amountMinor < DONATION_MIN * 100 || amountMinor > DONATION_MAX * 100) return { ok: false, errors: { amount: [m.DONATION_AMOUNT_INVALID] } };
  return { ok: true, value: { amountMinor } };
}

/** One stream per Stripe Checkout Session: a redelivered webhook finds it recorded. */
export const donationStreamName = (checkoutSessionId: string): string => `donation-${checkoutSessionId}`;

export interface DonationFacts {
  checkoutSessionId: string;
  /** The signed-in donor, null for an anonymous one. */
  userId: string | null;
  amountMinor: number;
  currency: string;
  /** The donor agreed to be shown on the supporters list. */
  listed: boolean;
}

export type DonationReceived = Message<'DonationReceived', DonationFacts & { receivedAt: string }>;
export type DonationEvent = DonationReceived;
export const DONATION_EVENT_TYPES = ['DonationReceived'] as const satisfies readonly DonationEvent['type'][];
export type RecordDonation = Message<'RecordDonation', DonationFacts & { at: string }>;
export type DonationState = null | { receivedAt: string };

export const donationDecider: Decider<RecordDonation, DonationEvent, DonationState> = {
  initialState: () => null,
  decide(command, state) {
    if (state) return [];
    const { at, ...facts } = command.data;
    return [{ type: 'DonationReceived', data: { ...facts, receivedAt: at } }];
  },
  evolve(_state, event) {
    switch (event.type) {
      case 'DonationReceived':
        return { receivedAt: event.data.receivedAt };
      default:
        return assertNever(event.type);
    }
  },
};
