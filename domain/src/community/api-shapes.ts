/**
 * The live community's answers (issue 10): what the read calls and the websocket send, field
 * names as the specification gives them (core.md §3 and §7, community.md §3). One contract for
 * the server and the client: both import these types.
 */
import type { CustomRulesSpec } from '../contests/rules/custom-rules-spec';

/** A station as the home page's user feed shows it (core.md §3 'Feed user card'). */
export interface FeedUserCard {
  id: string;
  name: string;
  my_callsign: string;
  profile_image_name: string;
  /** The rig's mode ('' when no rig). */
  mode: string;
  /** ADIF propagation mode ('' when not reported). */
  prop_mode: string;
  /** Streaming video: the card links to /live/user/{id}. */
  is_live: boolean;
  /** Signed in (a session used) in the last ONLINE_WINDOW_MS. */
  is_online: boolean;
  is_admin: boolean;
  /** A valid subscription now (the verified badge). */
  sub: boolean;
  /** A rig reported in the last RIG_STALE_MS with a frequency, and not QRT (op mode 0). */
  on_freq: boolean;
  op_mode: number;
  /** Op mode 7: the frequency is masked (null). */
  contesting: boolean;
  ptt_down: boolean;
  rig_name: string;
  azimuth: number | null;
  elevation: number | null;
  activation_type: string;
  activation_ref: string;
  /** kHz; null when masked (contesting) or unknown. */
  freq: number | null;
  /** ISO 8601 UTC time of the last rig report (null: no rig). */
  rig_reported_at: string | null;
}

/** The one websocket message the client uses (core.md §4 'Live connection'). */
export interface PublicRigDataMessage {
  environment: 'prod';
  type: 'public-rig-data';
  user: FeedUserCard;
}

/** GET /api/ActiveUserList and GET /api/logged_in_users_not_in_rig_control. */
export interface FeedUsersAnswer {
  users: FeedUserCard[];
}

/** One QSO in the home page's QSO feed (GET /api/main_public_feed: the 35 newest live QSOs, liveQsoWindow, newest QSO time first). */
export interface QsoFeedItem {
  /** The QSO's id (qdo_id): the feed and the globe de-duplicate by it. */
  entity_id: string;
  qdo_id: string;
  /** ISO 8601 UTC: the QSO's own time (not when it reached the log). */
  created_at: string;
  /** Human time since created_at ('2 minutes ago'). */
  TimeAgo: string;
  poster_name: string;
  poster_image_name: string;
  station_callsign: string;
  call: string;
  band: string;
  mode: string;
  /** kHz; null when masked (a contest QSO: ContestName longer than 4 characters). */
  freq: number | null;
  ContestName: string;
  country: string;
}

export interface QsoFeedAnswer {
  items: QsoFeedItem[];
}

/** A leaderboard entry (core.md §3); the optional fields are set by the lists that have them. */
export interface LeaderboardEntry {
  station_callsign: string;
  count: number;
  call?: string;
  band?: string;
  mode?: string;
  /** kHz; null when masked. */
  freq?: number | null;
  ContestName?: string;
}

/** Every list GET /api/vleaderboards answers; meanings in docs/decisions (leaderboards). */
export const LEADERBOARD_LISTS = [
  'lb_hot_now_1', 'lb_hot_now_2', 'lb_hot_now_3',
  'lb_last_60_minutes', 'lb1', 'lb2', 'lb3',
  'lb_voice1', 'lb_voice2', 'lb_voice3', 'lbcw1', 'lb_sstv1', 'leader_board_2_data', 'leader_board_3_data',
  'lb_yesterday', 'lb_yesterday_voice', 'lb_yesterday_cw', 'lb_yesterday_sstv', 'lb_yesterday_data',
  'lb_week', 'lb_week_voice', 'lb_week_cw', 'lb_week_sstv', 'lb_week_data',
  'lb_month', 'lb_month_voice', 'lb_month_cw', 'lb_month_sstv', 'lb_month_data',
] as const;
export type LeaderboardListName = (typeof LEADERBOARD_LISTS)[number];
export type LeaderboardsAnswer = Record<LeaderboardListName, LeaderboardEntry[]> & { generated_at: string };

/** GET /api/vbandstats/{n}: QSOs per band among the newest n live QSOs (liveQsoWindow) across the site. */
export interface BandStat {
  band: string;
  count: number;
}
export interface BandStatsAnswer {
  bands: BandStat[];
}

export interface CommunityUserSummary {
  id: string;
  my_callsign: string;
  name: string;
  profile_image_name: string;
}

/** POST /api/vopofday: the top operators of the current UTC day. */
export interface OperatorOfTheDay {
  rank: number;
  user: CommunityUserSummary;
  qso_count: number;
}
export interface OperatorsOfTheDayAnswer {
  operators: OperatorOfTheDay[];
}

/** An award (core.md §3): GET /api/award/latest lists the newest; its image is /api/award/{id}?width=N. */
export interface AwardItem {
  id: string;
  award: { name: string; short_name: string };
  /** The UTC day it is for, 'YYYY-MM-DD'. */
  award_date: string;
  qso_count: number;
  user: CommunityUserSummary;
  /**
   * false while the award is provisional (computed at 00:05 UTC the next day; logs uploaded
   * within 48 hours may still change it), true once the final computation (00:05 UTC on the
   * third day after) has confirmed or replaced it.
   */
  final: boolean;
}
export interface AwardsAnswer {
  awards: AwardItem[];
  /** The rules text the awards pane shows. */
  rules: string;
}

/** A contest scoreboard row (community.md §3 'Contest row'). */
export interface ContestRow {
  rank: number;
  my_callsign: string;
  name: string;
  profile_image_name: string;
  contacts: number;
  number_of_contacts: number;
  /** contacts times the contest's points_per_contact: what the rank is by. */
  points: number;
  /** kHz of the last QSO; null when unknown or masked (a contest QSO: ContestName longer than 4 characters). */
  freq: number | null;
  last_qso_time_in_seconds: number;
  last_qso_time_in_minutes: number;
  /** QSOs per minute over the last 10 minutes. */
  last_10_min_avg: number;
}
export interface ContestSummary {
  id: string;
  name: string;
  starts_at: string;
  ends_at: string;
  modes: string[];
  points_per_contact: number;
  /** 'call': a station counts once whatever the band; 'call-band': once per band; 'none'. */
  duplicate_rule: 'call' | 'call-band' | 'none';
  /** A QSO first uploaded up to this many hours after ends_at still counts. */
  late_upload_hours: number;
  /** 'daily': the window recurs every UTC day; starts_at and ends_at are then the occurrence shown. */
  repeat: 'none' | 'daily';
  /** Who may change it; null for the built-in contests. */
  organiser_user_id: string | null;
  /**
   * The real contest's rules it is scored by (Cabrillo's CONTEST name of a built-in rule set:
   * 'CQ-WW-CW'), 'CUSTOM' for the organiser's own (`custom_rules`), or '' for the simple rules
   * above (points per contact, duplicate rule).
   */
  rules: string;
  /** The organiser's own rules, when `rules` is 'CUSTOM'. */
  custom_rules?: CustomRulesSpec;
}
/** POST /api/vscores and POST /api/vscores4megastream. */
export interface ContestBoardAnswer {
  contest: ContestSummary;
  contest_lb: ContestRow[];
  /** ISO 8601 UTC: the time the seconds and minutes since the last QSO are counted to. */
  generated_at: string;
}

/** One arc on the globe (community.md §3 'Globe arc record'). */
export interface GlobePoint {
  lat: number;
  lon: number;
  call: string;
  label: string;
}
export interface GlobeArc {
  entity_id: string;
  from: GlobePoint;
  to: GlobePoint;
  /** created_at: the QSO's own time (ISO 8601 UTC). */
  meta: { band: string; mode: string; created_at: string };
}
/** GET /api/globe/arcs (no-store; the globe refreshes it every 5 s): the newest live QSOs (liveQsoWindow) placed at both ends. */
export interface GlobeArcsAnswer {
  arcs: GlobeArc[];
}
