/**
 * The first path segments the web app routes or links to, upper-cased. A station's public page is
 * the catch-all /{callsign}, so none of these may ever be registered or added as a sub-account.
 * Most already fail the letter-and-digit rule; the list also covers those that would not (GLOBE2).
 * The client imports this list ('@hamlog/domain/user/reserved-callsigns'); its router test checks
 * that every first path segment of its route table is on it.
 */
export const RESERVED_CALLSIGNS: readonly string[] = [
  'ACCOUNT', 'ACTIVE-EMBED', 'ADMIN', 'API', 'CONTACT', 'DOCS', 'DOWNLOAD', 'EARTH', 'EARTH-NOHEADER', 'EMBED',
  'GLOBE', 'GLOBE2', 'HAM-RADIO-VIDEOS', 'HOME', 'HOW-TO', 'IMPORT-EXPORT', 'JOIN', 'LANDER', 'LEADERBOARDS',
  'LIVE', 'LOGGER', 'LOGIN', 'LOGS', 'MEDIA', 'MEGASTREAM', 'NEWS', 'NOTIFICATIONS', 'PASSWORD', 'POST',
  'PRIVACY', 'PROFILE', 'QSO', 'REGISTER', 'SCORES', 'SEARCH', 'SSTV', 'STRIPE', 'SUPPORT-US', 'TERMS',
];

const RESERVED = new Set(RESERVED_CALLSIGNS);

export function isReservedCallsign(callsign: string): boolean {
  return RESERVED.has(callsign.trim().toUpperCase());
}
