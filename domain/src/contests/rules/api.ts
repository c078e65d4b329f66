/**
 * The wire of the contests scored by real rules: a station's log, its Cabrillo file and the checked
 * board, their answers, paths and texts. Pure: the client imports it (the scoring itself needs the
 * DXCC data and stays on the server).
 */
import type { ContestSummary } from '../../community/api-shapes';
import type { CabrilloMode, ContestCategories, ExchangeField, ExchangeVariant, StationCategory } from './rules';
import type { ContestScore } from './scorer';

export type Verdict = 'ok' | 'not-in-log' | 'busted-call' | 'busted-exchange' | 'unique' | 'unchecked';

/** A scoreboard's short labels. */
export const VERDICT_TEXT: Readonly<Record<Verdict, string>> = {
  ok: 'OK',
  'not-in-log': 'NIL',
  'busted-call': 'Busted call',
  'busted-exchange': 'Busted exchange',
  unique: 'Unique',
  unchecked: 'Unchecked',
};

/** The verdicts whose contacts count in a checked score: confirmed, or not checkable (a unique, a station without a log). */
export const verdictCounts = (verdict: Verdict): boolean => verdict === 'ok' || verdict === 'unique' || verdict === 'unchecked';

export interface CheckedEntry {
  /** The entry's id in its log. */
  id: string;
  verdict: Verdict;
  /** Why, in words, for the station's report. */
  reason: string;
  /** What the entry should have said: the call (busted call), what the other station sent (busted exchange). */
  correction?: string;
}

export interface ContestLogQso {
  qdo_id: string;
  /** ISO 8601 UTC. */
  ts: string;
  call: string;
  band: string;
  mode: CabrilloMode;
  freq_khz: number | null;
  sent: Record<string, string>;
  received: Record<string, string>;
  points: number;
  counts: boolean;
  dupe: boolean;
  problem: string | null;
  /** 'Zones 5 (20m)', 'Prefixes DL1'. */
  new_multipliers: string[];
  /** What checking it against the other stations' logs found (the board's last check); null before one. */
  check: Omit<CheckedEntry, 'id'> | null;
}

export interface ContestRulesSummary {
  cabrillo_name: string;
  name: string;
  bands: readonly string[];
  modes: readonly CabrilloMode[];
  exchange: readonly ExchangeVariant[];
  categories: ContestCategories;
}

/** GET /api/vcontest/{contest_id}/log. */
export interface ContestLogAnswer {
  contest: ContestSummary;
  rules: ContestRulesSummary;
  station: { call: string; category: StationCategory };
  score: ContestScore;
  qsos: ContestLogQso[];
  /** QSOs in the window on a band or mode the contest does not have: not part of its log. */
  left_out: number;
}

export const contestLogPath = (contestId: string): string => `/vcontest/${encodeURIComponent(contestId)}/log`;
export const contestCabrilloPath = (contestId: string): string => `/vcontest/${encodeURIComponent(contestId)}/cabrillo`;

/** The category fields a log or export request may name, Cabrillo's CATEGORY-* values. */
export const CATEGORY_FIELDS = ['operator', 'assisted', 'band', 'power', 'mode', 'transmitter', 'overlay'] as const satisfies readonly (keyof StationCategory)[];

/** The Cabrillo file's name: 'K9CTS-CQ-WW-CW-2026.log' (a '/' in the call becomes '_'). */
export const cabrilloFileName = (call: string, cabrilloName: string, startsAt: string): string =>
  `${call.replace(/\//g, '_') || 'LOG'}-${cabrilloName}-${startsAt.slice(0, 4)}.log`;

export const CONTEST_HAS_SIMPLE_RULES = 'This contest is scored by points per contact: it has no contest log or Cabrillo export. Its organiser can choose a real contest’s rules.';
export const contestCategoryRefused = (field: string, allowed: readonly string[]): string => `${field} must be one of ${allowed.join(', ')}.`;

export interface ScoreFigures {
  qsos: number;
  points: number;
  multipliers: number;
  score: number;
}

export interface CheckedBoardRow {
  rank: number;
  my_callsign: string;
  /** The category the station chose (the contest's first values when it chose none). */
  category: StationCategory;
  claimed: ScoreFigures;
  checked: ScoreFigures;
  /** Contacts by what the cross-check found (ok ones are not counted here). */
  not_in_log: number;
  busted_call: number;
  busted_exchange: number;
  unique: number;
  /** Counted contacts in the last 10 and 60 minutes before the board's time. */
  rate_10: number;
  rate_60: number;
  /** Counted contacts in each hour of the contest up to the board's time, oldest first (at most the last 48): the rate graph. */
  rate_hours: number[];
}

/** GET /api/vcontest/{contest_id}/board. */
export interface CheckedBoardAnswer {
  contest: ContestSummary;
  rules: { cabrillo_name: string; name: string; categories: ContestCategories };
  /** The category fields the board was filtered by (?operator=SINGLE-OP&power=LOW ...). */
  filter: Partial<StationCategory>;
  /** A page of the stations of the category (CHECKED_BOARD_PAGE from `offset`), best first. */
  board: CheckedBoardRow[];
  /** Where the page starts (?offset=), and how many stations the category has. */
  offset: number;
  total: number;
  /** The caller's own row, ranked in this board, also when it ranks off the page shown; null when it has no log here. */
  mine: CheckedBoardRow | null;
  /** Every participant's QSOs the board was checked from. */
  qsos: number;
  generated_at: string;
}

export const contestBoardPath = (contestId: string): string => `/vcontest/${encodeURIComponent(contestId)}/board`;
/** The rows a board answers at a time: a page (`offset`), the caller's own row beside it wherever it ranks. */
export const CHECKED_BOARD_PAGE = 100;
export const BOARD_OFFSET_INVALID = 'offset must be a whole number, 0 or more.';

/** ?offset= of a board: a whole number, 0 or more (absent: 0); null when it is not one. */
export function parseBoardOffset(value: unknown): number | null {
  if (value === undefined || value === '') return 0;
  const text = String(value);
  return /^\d{1,7}$/.test(text) ? Number(text) : null;
}

/** One contact the cross-check did not confirm, as the organiser's page lists it. */
export interface StationProblem {
  qdo_id: string;
  /** ISO 8601 UTC. */
  ts: string;
  band: string;
  mode: CabrilloMode;
  call: string;
  verdict: Exclude<Verdict, 'ok' | 'unchecked'>;
  reason: string;
  correction?: string;
}

/** GET /api/vcontest/{contest_id}/checks: for its organiser, each station's contacts the check did not confirm (uniques too). */
export interface ContestChecksAnswer {
  contest: ContestSummary;
  stations: { my_callsign: string; problems: StationProblem[] }[];
  generated_at: string;
}

export const contestChecksPath = (contestId: string): string => `/vcontest/${encodeURIComponent(contestId)}/checks`;

/** POST /api/vcontest/{contest_id}/check: a contact about to be logged, as the logger has it. */
export interface ContestCheckInput {
  call?: unknown;
  /** The band ('20m'), or the frequency in kHz. */
  band?: unknown;
  freq_khz?: unknown;
  /** An ADIF mode (CW, SSB, FT8 ...) or Cabrillo's (CW, PH, FM, RY, DG). */
  mode?: unknown;
  /** The exchange received so far, by the contest's field ids. */
  received?: unknown;
  /** ISO 8601 UTC: the contact's time when it is not now (a contact logged afterwards). */
  ts?: unknown;
}

/** Where a station stands in a contest: what the logger's contest mode shows live. */
export interface ContestStationFigures {
  /** The serial number to send next (the highest sent so far + 1). */
  next_serial: number;
  /** Counted contacts in the last 10 and 60 minutes. */
  rate_10: number;
  rate_60: number;
  /** The claimed score so far. */
  score: ScoreFigures;
}

/** What the contact would give if logged now, and where the station stands. */
export interface ContestCheckAnswer extends ContestStationFigures {
  dupe: boolean;
  counts: boolean;
  points: number;
  /** 'Zones 5 (20m)': highlighted before Enter. */
  new_multipliers: string[];
  problem: string | null;
  /** What this call is expected to send, in the contest's order. */
  received_fields: ExchangeField[];
}

/** GET /api/vcontest/{contest_id}/logger: the logger's contest mode before a call is typed. */
export interface ContestLoggerAnswer extends ContestStationFigures {
  contest: ContestSummary;
  rules: { cabrillo_name: string; name: string; bands: readonly string[]; modes: readonly CabrilloMode[] };
  station: { call: string };
  /** What the station sends, in the contest's order, and the values it sends unless changed (its zones). */
  sent_fields: ExchangeField[];
  sent_defaults: Record<string, string>;
  /** What the other station is expected to send, before its call is known. */
  received_fields: ExchangeField[];
}

export const contestLoggerPath = (contestId: string): string => `/vcontest/${encodeURIComponent(contestId)}/logger`;

export const contestCheckPath = (contestId: string): string => `/vcontest/${encodeURIComponent(contestId)}/check`;

export const CONTEST_CHECK_CALL_INVALID = 'call must be a callsign.';
export const CONTEST_CHECK_BAND_INVALID = 'band must be an ADIF band (20m), or freq_khz a frequency on one.';
export const CONTEST_CHECK_TS_INVALID = 'ts must be an ISO 8601 UTC time, e.g. 2026-11-28T12:00:00Z.';
export const CONTEST_CHECK_OUTSIDE = 'This time is outside the contest: the contact would not count.';
export const CONTEST_CHECK_MODE_INVALID = 'mode must be an ADIF mode (CW, SSB, FT8 ...) or a Cabrillo one (CW, PH, FM, RY, DG).';
