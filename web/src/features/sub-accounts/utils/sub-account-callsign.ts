import { validateSubAccountCallsign } from '@hamlog/domain/user/callsign-rules';

export interface SubAccountOwner {
  my_callsign: string;
  sub_accounts?: { callsign: string }[] | null;
}

export type SubAccountCallsignCheck = { ok: true; callsign: string } | { ok: false; message: string };

/**
 * The server's rules for a new sub-account callsign (domain/src/user/callsign-rules.ts: trimmed
 * and upper-cased, 4 to 10 characters, callsign-shaped, not one of the app's own paths, not the
 * user's own, not already a sub-account), as the form shows them: the callsign, or one message.
 */
export function checkSubAccountCallsign(raw: string, owner: SubAccountOwner | null): SubAccountCallsignCheck {
  const checked = validateSubAccountCallsign(raw, {
    callsign: owner?.my_callsign ?? '',
    subAccountCallsigns: owner?.sub_accounts?.map((s) => s.callsign) ?? [],
  });
  if (checked.ok) return { ok: true, callsign: checked.value.callsign };
  return { ok: false, message: checked.errors.callsign?.[0] ?? '' };
}

/** The id of the sub-account with this callsign, if the user has one. */
export function subAccountIdFor(
  owner: { sub_accounts?: { id: string; callsign: string }[] | null },
  callsign: string,
): string | null {
  const wanted = callsign.trim().toUpperCase();
  return owner.sub_accounts?.find((s) => s.callsign.toUpperCase() === wanted)?.id ?? null;
}
