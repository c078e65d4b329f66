import { PIN_CALLSIGN_MAX, PIN_CALLSIGN_MIN } from '@/config/app';
import { MESSAGES } from '@/config/messages';

/** The callsign a PIN is requested for: trimmed and upper-cased. */
export function normalisePinCallsign(raw: string): string {
  return raw.trim().toUpperCase();
}

/** The spec's message when the callsign is not 3 to 30 characters, else null. */
export function pinCallsignError(raw: string): string | null {
  const length = normalisePinCallsign(raw).length;
  return length < PIN_CALLSIGN_MIN || length > PIN_CALLSIGN_MAX ? MESSAGES.pinCallsignLength : null;
}

/** A PIN as typed: digits only (people paste it with spaces). */
export function normalisePin(raw: string): string {
  return raw.replace(/\D+/g, '');
}
