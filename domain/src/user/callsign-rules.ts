/** Callsign rules outside the logger: the PIN login request and sub-accounts (specification §5). */
import * as m from '../messages';
import { isReservedCallsign } from './reserved-callsigns';
import type { Validated } from '../validated';

export const PIN_CALLSIGN_MIN_LENGTH = 3;
export const PIN_CALLSIGN_MAX_LENGTH = 30;
export const SUB_ACCOUNT_CALLSIGN_MIN_LENGTH = 4;
export const SUB_ACCOUNT_CALLSIGN_MAX_LENGTH = 10;

/**
 * The shape of a callsign an account can be created under: letters, digits and '/', with at least
 * one letter and one digit, as every ITU callsign has. Besides rejecting typos, this keeps the app's
 * own paths (/download, /privacy, /support-us, ...) from ever being taken as a callsign, since the
 * public page of a station lives at /{callsign}.
 */
export function isCallsignShaped(callsign: string): boolean {
  return /^[A-Z0-9/]+$/.test(callsign) && /[A-Z]/.test(callsign) && /[0-9]/.test(callsign);
}

/** A callsign an account may be created under: callsign-shaped and not one of the app's paths. */
export function isRegistrableCallsign(callsign: string): boolean {
  return isCallsignShaped(callsign) && !isReservedCallsign(callsign);
}

/** PIN request: 3 to 30 characters, else 'Callsign must be between 3 and 30 characters'. */
export function validatePinCallsign(input: unknown): Validated<{ callsign: string }> {
  const callsign = typeof input === 'string' ? input.trim().toUpperCase() : '';
  if (callsign.length < PIN_CALLSIGN_MIN_LENGTH || callsign.length > PIN_CALLSIGN_MAX_LENGTH) {
    return { ok: false, errors: { callsign: [m.PIN_CALLSIGN_LENGTH] } };
  }
  return { ok: true, value: { callsign } };
}

/**
 * A sub-account callsign: trimmed, upper-cased, 4 to 10 characters, callsign-shaped; not the
 * user's own callsign; not already one of the user's sub-accounts.
 */
export function validateSubAccountCallsign(
  input: unknown,
  owner: { callsign: string; subAccountCallsigns: readonly string[] },
): Validated<{ callsign: string }> {
  const callsign = typeof input === 'string' ? input.trim().toUpperCase() : '';
  const fail = (message: string): Validated<{ callsign: string }> => ({ ok: false, errors: { callsign: [message] } });
  if (
    callsign.length < SUB_ACCOUNT_CALLSIGN_MIN_LENGTH ||
    callsign.length > SUB_ACCOUNT_CALLSIGN_MAX_LENGTH ||
    !isRegistrableCallsign(callsign)
  ) {
    return fail(m.SUB_ACCOUNT_CALLSIGN_INVALID);
  }
  if (callsign === owner.callsign.trim().toUpperCase()) return fail(m.SUB_ACCOUNT_OWN_CALLSIGN);
  if (owner.subAccountCallsigns.some((existing) => existing.trim().toUpperCase() === callsign)) return fail(m.SUB_ACCOUNT_ALREADY_ADDED);
  return { ok: true, value: { callsign } };
}
