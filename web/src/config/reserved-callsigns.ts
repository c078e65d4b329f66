/**
 * The client's copy of domain/src/user/reserved-callsigns.ts: the app's own first path segments,
 * which can never be a callsign. Kept equal to the domain list by web/src/app/router.test.tsx.
 */
export const RESERVED_CALLSIGNS: readonly string[] = [
  'ACCOUNT', 'ACTIVE-EMBED', 'ADMIN', 'API', 'CONTACT', 'DOCS', 'DOWNLOAD', 'EARTH', 'EARTH-NOHEADER', 'EMBED',
  'GLOBE', 'GLOBE2', 'HAM-RADIO-VIDEOS', 'HOME', 'HOW-TO', 'IMPORT-EXPORT', 'JOIN', 'LANDER', 'LEADERBOARDS',
  'LIVE', 'LOGGER', 'LOGIN', 'LOGS', 'MEDIA', 'MEGASTREAM', 'NEWS', 'NOTIFICATIONS', 'PASSWORD', 'POST',
  'PRIVACY', 'PROFILE', 'QSO', 'REGISTER', 'SCORES', 'SEARCH', 'SSTV', 'STRIPE', 'SUPPORT-US', 'TERMS',
];
