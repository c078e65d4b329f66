import { validatePinCallsign } from '@hamlog/domain/user/callsign-rules';

export type PinCallsignCheck = { ok: true; callsign: string } | { ok: false; message: string };

/** The server's rule for the callsign a PIN is requested for: trimmed, upper-cased, 3 to 30 characters. */
export function checkPinCallsign(raw: string): PinCallsignCheck {
  const checked = validatePinCallsign(raw);
  return checked.ok ? { ok: true, callsign: checked.value.callsign } : { ok: false, message: checked.errors.callsign?.[0] ?? '' };
}

/** A PIN as typed: digits only (people paste it with spaces). */
export function normalisePin(raw: string): string {
  return raw.replace(/\D+/g, '');
}
