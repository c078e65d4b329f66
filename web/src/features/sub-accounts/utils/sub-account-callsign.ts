import { SUB_ACCOUNT_CALLSIGN_MAX, SUB_ACCOUNT_CALLSIGN_MIN } from '@/config/app';
import { MESSAGES } from '@/config/messages';
import { RESERVED_CALLSIGNS } from '@/config/reserved-callsigns';

export interface SubAccountOwner {
  my_callsign: string;
  sub_accounts?: { callsign: string }[] | null;
}

export type SubAccountCallsignCheck = { ok: true; callsign: string } | { ok: false; message: string };

/**
 * The spec's rules for a new sub-account callsign: trimmed and upper-cased, 4 to 10
 * characters (letters, digits and '/', at least one of each, not one of the app's own paths),
 * not the user's own, not already a sub-account.
 */
export function checkSubAccountCallsign(raw: string, owner: SubAccountOwner | null): SubAccountCallsignCheck {
  const callsign = raw.trim().toUpperCase();
  if (
    callsign.length < SUB_ACCOUNT_CALLSIGN_MIN ||
    callsign.length > SUB_ACCOUNT_CALLSIGN_MAX ||
    !/^[A-Z0-9/]+$/.test(callsign) ||
    !/[A-Z]/.test(callsign) ||
    !/[0-9]/.test(callsign) ||
    RESERVED_CALLSIGNS.includes(callsign)
  ) {
    return { ok: false, message: MESSAGES.subAccountCallsignInvalid };
  }
  if (owner && owner.my_callsign.toUpperCase() === callsign) {
    return { ok: false, message: MESSAGES.subAccountOwnCallsign };
  }
  if (owner?.sub_accounts?.some((s) => s.callsign.toUpperCase() === callsign)) {
    return { ok: false, message: MESSAGES.subAccountAlreadyAdded };
  }
  return { ok: true, callsign };
}

/** The id of the sub-account with this callsign, if the user has one. */
export function subAccountIdFor(
  owner: { sub_accounts?: { id: string; callsign: string }[] | null },
  callsign: string,
): string | null {
  const wanted = callsign.trim().toUpperCase();
  return owner.sub_accounts?.find((s) => s.callsign.toUpperCase() === wanted)?.id ?? null;
}
