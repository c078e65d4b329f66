import { APP_PATH_SEGMENTS } from '../app-routes';

/**
 * Names no account may take: every first path segment of the app and its server (app-routes.ts,
 * the list the client's router reads too), upper-cased, since a station's public page is the
 * catch-all /{callsign}. Most already fail the letter-and-digit rule; the list also covers those
 * that would not (GLOBE2).
 */
export const RESERVED_CALLSIGNS: readonly string[] = APP_PATH_SEGMENTS.map((segment) => segment.toUpperCase());

const RESERVED = new Set(RESERVED_CALLSIGNS);

export function isReservedCallsign(callsign: string): boolean {
  return RESERVED.has(callsign.trim().toUpperCase());
}
