/** Callsign rules outside the logger: the PIN login request and sub-accounts (specification §5). */
import * as m from '../messages';
import type { Validated } from './validation';

export const PIN_CALLSIGN_MIN_LENGTH = 3;
export const PIN_CALLSIGN_MAX_LENGTH = 30;
export const SUB_ACCOUNT_CALLSIGN_MIN_LENGTH = 4;
export const SUB_ACCOUNT_CALLSIGN_MAX_LENGTH = 10;

/** PIN request: 3 to 30 characters, else 'Callsign must be between 3 and 30 characters'. */
export function validatePinCallsign(input: unknown): Validated<{ callsign: string }> {
  const callsign = typeof input === 'string' ? input.trim().toUpperCase() : '';
  if (callsign.length < PIN_CALLSIGN_MIN_LENGTH || callsign.length > PIN_CALLSIGN_MAX_LENGTH) {
    return { ok: false, errors: { callsign: [m.PIN_CALLSIGN_LENGTH] } };
  }
  return { ok: true, value: { callsign } };
}

/**
 * A sub-account callsign: trimmed, upper-cased, 4 to 10 characters of A-Z, 0-9 and '/'; not the
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
    !/^[A-Z0-9/]+$/.test(callsign)
  ) {
    return fail(m.SUB_ACCOUNT_CALLSIGN_INVALID);
  }
  if (callsign === owner.callsign.trim().toUpperCase()) return fail(m.SUB_ACCOUNT_OWN_CALLSIGN);
  if (owner.subAccountCallsigns.some((existing) => existing.trim().toUpperCase() === callsign)) return fail(m.SUB_ACCOUNT_ALREADY_ADDED);
  return { ok: true, value: { callsign } };
}
