/** Stream names of the user aggregate and of the reservations that keep emails and callsigns unique. */
import { sha256Hex } from '../sha256';

export const userStreamName = (userId: string): string => `user-${userId}`;

/** The email key: trimmed and lower-cased. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** `user-email-{sha256 hex of the lower-cased, trimmed email}`: no address appears in a stream name. */
export const emailClaimStreamName = (email: string): string => `user-email-${sha256Hex(normaliseEmail(email))}`;

export const callsignClaimStreamName = (callsign: string): string => `user-callsign-${callsign.trim().toUpperCase()}`;

/**
 * A sub-account's user id, derived from its main account and callsign (UUID-shaped, version 8), so
 * a resent add lands on the same account instead of making a second one.
 */
export function subAccountIdFor(mainUserId: string, callsign: string): string {
  return uuidShapedId(`sub-account:${mainUserId}:${callsign.trim().toUpperCase()}`);
}

/** A UUID-shaped id (version 8) derived from the seed: the same seed, the same id (a resent request). */
export function uuidShapedId(seed: string): string {
  const hex = sha256Hex(seed);
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
