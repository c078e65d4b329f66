/**
 * The live community's rules and numbers (core.md §4 and §9, community.md §9), in one place for
 * the server and the client.
 */

/** Operating mode codes (core.md §4). */
export const OP_MODE = {
  QRT: 0,
  SEARCH_AND_POUNCE: 1,
  RUN: 2,
  SWL: 3,
  SEARCH_AND_POUNCE_2: 4,
  NET_CONTROL: 5,
  IN_A_NET: 6,
  CONTESTING: 7,
  CQ_DX: 8,
} as const;

/** Op modes 2 (Run) and 8 (CQ DX) count as CQ in the feed. */
export function isCqOpMode(opMode: number): boolean {
  return opMode === OP_MODE.RUN || opMode === OP_MODE.CQ_DX;
}

/** Op mode 7: the station's frequency is hidden. */
export function isContestingOpMode(opMode: number): boolean {
  return opMode === OP_MODE.CONTESTING;
}

/** A contest QSO is one whose ContestName is longer than 4 characters; its frequency is hidden. */
export function isContestQso(contestName: string): boolean {
  return contestName.trim().length > 4;
}

/** A user whose session was used within this time is 'Logged In Recently'. */
export const ONLINE_WINDOW_MS = 15 * 60_000;

export const QSO_FEED_SIZE = 35;
/** A feed QSO whose own time is less than this ago is highlighted as recent. */
export const RECENT_QSO_MS = 80_000;

/**
 * Live activity (the home page's QSO feed, band stats and globe) is a QSO whose own time, not the
 * time it reached the log, is at most this old: the same hour as 'Hot Stations'. It covers a
 * logging program that sends the QSO's start time when the QSO ends, or a queue uploaded late.
 */
export const LIVE_QSO_PAST_MS = 60 * 60_000;
/** ...or at most this far ahead of the server's clock: a station's clock running a little fast. */
export const LIVE_QSO_AHEAD_MS = 5 * 60_000;

/** QSO times from `since` up to, not including, `until`. */
export interface QsoTimeWindow {
  since: Date;
  until: Date;
}

/**
 * The QSO times that are live at `now`. An imported log is history and never live; a QSO logged
 * as it happens (the logger, a companion app) is live at once.
 */
export function liveQsoWindow(now: Date): QsoTimeWindow {
  return { since: new Date(now.getTime() - LIVE_QSO_PAST_MS), until: new Date(now.getTime() + LIVE_QSO_AHEAD_MS) };
}
/** Entries per leaderboard list. */
export const LEADERBOARD_SIZE = 10;
export const AWARDS_ON_HOME_STRIP = 3;
export const AWARDS_IN_PANE = 6;
export const OPERATORS_OF_THE_DAY = 3;
/** The most QSOs /vbandstats/{n} looks at. */
export const BAND_STATS_MAX = 1000;

/** Timers (core.md §9). */
export const FEED_REFRESH_MS = 4_000;
export const LEADERBOARDS_REFRESH_MS = 10_000;
export const CONTEST_REFRESH_MS = 10_000;
export const STATUS_POLL_MS = 10_000;
export const OPERATORS_OF_THE_DAY_REFRESH_MS = 120_000;
export const WEBSOCKET_RETRY_MS = 5_000;
/** Added at random to each websocket retry, so the watchers of a restarted server do not all come back in the same instant. */
export const WEBSOCKET_RETRY_JITTER_MS = 2_000;

/** The wait before a websocket reconnects: WEBSOCKET_RETRY_MS, plus up to the jitter. */
export function websocketRetryDelay(random: () => number = Math.random): number {
  return WEBSOCKET_RETRY_MS + Math.floor(random() * WEBSOCKET_RETRY_JITTER_MS);
}
export const GLOBE_REFRESH_MS = 5_000;
export const GLOBE_ACCESS_CHECK_MS = 5_000;
export const GLOBE_HEIGHT_PX = 700;
export const GLOBE_AUTO_ROTATE_SPEED = 0.6;

/** The awards pane's rules text (core.md §2). */
export const AWARD_RULES_TEXT =
  'To qualify, you need a valid subscription at the time of each QSO, and your logs must be uploaded within 48 hours of the QSO start time. Most awards are computed just after midnight UTC.';

/** Where the websocket gateway listens (same host as the page; no login). */
export const LIVE_SOCKET_PATH = '/ws';
