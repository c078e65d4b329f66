/** Subscription levels and expiry (core spec §3 Subscription {level, expiryDate}). */
import type { Subscription } from '../api-types';
import type { Validated } from './validation';

/** The level the API answers when no subscription is in force. */
export const FREE_LEVEL = 'free';
/** The level a paying subscriber has. */
export const PAID_LEVEL = 'premium';
/** The level during the free trial (no payment yet: not a paying account for the revenue estimate). */
export const TRIAL_LEVEL = 'trial';

export interface SubscriptionInput {
  /** null: no subscription. */
  level: string | null;
  /** ISO 8601 UTC; null: no end. */
  expiryDate: string | null;
}

const LEVEL = /^[a-z][a-z0-9_-]{0,29}$/;

/**
 * An operator's or a payment's subscription change: a level such as 'premium' ('none' or 'free'
 * clears it) and an optional expiry, a date (the subscription lasts to the end of that UTC day) or
 * an ISO date and time.
 */
export function parseSubscriptionInput(level: string, expiry?: string): Validated<SubscriptionInput> {
  const name = level.trim().toLowerCase();
  if (name === 'none' || name === 'free') {
    return expiry ? { ok: false, errors: { expiry: ['No expiry without a level.'] } } : { ok: true, value: { level: null, expiryDate: null } };
  }
  if (!LEVEL.test(name)) return { ok: false, errors: { level: ['The level must be a word such as premium, or none.'] } };
  if (!expiry) return { ok: true, value: { level: name, expiryDate: null } };
  const text = expiry.trim();
  const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T23:59:59Z` : text);
  if (Number.isNaN(at.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(text)) {
    return { ok: false, errors: { expiry: ['The expiry must be a date such as 2026-12-31, or an ISO date and time.'] } };
  }
  return { ok: true, value: { level: name, expiryDate: at.toISOString().replace(/\.\d{3}Z$/, 'Z') } };
}

/** Whether a subscription is in force at `now`. */
export function isSubscriptionActive(subscription: { level: string; expiryDate: string | null } | null, now: Date): boolean {
  if (!subscription) return false;
  return subscription.expiryDate === null || new Date(subscription.expiryDate).getTime() > now.getTime();
}

/**
 * Whether a subscription as the API answers it ({level, expiryDate}; level 'free' when there is
 * none) is in force at `now`: the client's badge, downloads and messaging follow this.
 */
export function isAnsweredSubscriptionInForce(subscription: Subscription | null, now: Date): boolean {
  const level = (subscription?.level ?? '').trim().toLowerCase();
  return subscription !== null && level !== '' && level !== FREE_LEVEL && isSubscriptionActive(subscription, now);
}
