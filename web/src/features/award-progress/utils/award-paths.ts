import { queryString } from './query-string';

/** The page of one award: the user's own, or (with a callsign) a station's that shows its progress. */
export function awardPagePath(award: string, callsign = ''): string {
  return `/awards/${encodeURIComponent(award)}${queryString({ callsign })}`;
}
