/**
 * The web app's paths, as React Router patterns without the leading '/': every route the
 * specification names (core.md and community.md §2, with the links they list) and the app's own
 * extras. Two rules read this one list: the client's router, which shows 'Coming soon' for the
 * ones it does not build yet instead of taking them for a callsign, and the reserved-callsign rule
 * (user/reserved-callsigns.ts), since a station's page is the catch-all /{callsign}.
 */
export const APP_ROUTE_PATHS: readonly string[] = [
  '', 'home', 'login', 'password/reset', 'register', 'logger/:edit_id?', 'logs', 'logs/deleted', 'qso/:qdo_id',
  'search', 'join', 'claim-callsign', 'profile', 'profile/pictures', 'account', 'account/edit', 'account/preferences',
  'account/profiles', 'notifications', 'import-export', 'download', 'support-us', 'support-us/thanks',
  'support-us/cancel', 'privacy', 'terms', 'contact', 'docs',
  'leaderboards', 'globe', 'globe2', 'earth', 'earth-noheader', 'lander/:id', 'news', 'post/new', 'post/edit/:id',
  'post/:id/:title?', 'ham-radio-videos', 'stripe/upgrade/check', 'stripe/start-trial/:checkout_session_id',
  'scores', 'megastream', 'how-to/embeds', 'admin/users', 'live/user/:id', 'sstv',
  // An organiser's contests (issue 10): their list, a new one, a contest's board and its rules.
  'contests', 'contests/new', 'contests/:contest_id', 'contests/:contest_id/edit',
  // The app's own (issue 11): a station's statistics.
  'stats',
  // The app's own (issue 12): the platform over time, for administrators.
  'admin/stats',
  // The app's own: every field of one of the owner's QSOs (the logger stays the fast path).
  'qso/:qdo_id/edit',
  // The app's own (issue 22): the award tracker's cards and each award's page.
  'awards', 'awards/:award',
];

/** First path segments that are not pages but must never be a callsign either (server paths, embeds). */
const OTHER_RESERVED_SEGMENTS = ['api', 'media', 'active-embed', 'embed'];

/** Every first path segment the app or its server owns, lower-case. */
export const APP_PATH_SEGMENTS: readonly string[] = [
  ...new Set([...APP_ROUTE_PATHS.map((path) => path.split('/')[0] ?? ''), ...OTHER_RESERVED_SEGMENTS].filter((s) => s !== '')),
];
