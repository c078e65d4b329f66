import { CALLSIGN_SEARCH_MIN } from '@/config/app';
import { stationPath } from '@/utils/qso-format';

/** A searched callsign: trimmed, inner spaces dropped, upper-cased. */
export function normaliseSearchedCallsign(raw: string | null | undefined): string {
  return (raw ?? '').trim().replace(/\s+/g, '').toUpperCase();
}

/** Where a search goes: /{CALLSIGN} for 3 characters or more, else nowhere. */
export function searchTarget(raw: string | null | undefined): string | null {
  const callsign = normaliseSearchedCallsign(raw);
  return callsign.length >= CALLSIGN_SEARCH_MIN ? stationPath(callsign) : null;
}
