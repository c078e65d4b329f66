/**
 * What each leaderboard list counts (core.md §2 and §3; decision "leaderboards"). Every window is
 * UTC, `since` inclusive and `until` exclusive; a list holds the top LEADERBOARD_SIZE, most first,
 * ties in byte order of the callsign. Deleted QSOs never count and an edited QSO counts where it
 * is now. Stations whose user asked for it (exclude_from_leaderboards) are left out of every list.
 *
 * The stores answer LeaderboardRows for a LeaderboardQuery; leaderboardRowsOf() is the same
 * answer computed here over plain QSOs (the reference the stores are tested against).
 */
import { hzToKhz } from '../frequency';
import type { LeaderboardEntry, LeaderboardListName, LeaderboardsAnswer } from './api-shapes';
import { MODE_CLASSES, modeClassOf, type ModeClass } from './mode-class';
import { isContestQso, LEADERBOARD_SIZE } from './rules';

/** 'Hot Stations' (lb_hot_now_1): most QSOs per station, band and mode in this window. */
export const HOT_STATIONS_WINDOW_MS = 60 * 60_000;
/** 'Active Pile Ups' (lb_hot_now_2): most distinct calls worked per station in this window... */
export const PILE_UP_WINDOW_MS = 10 * 60_000;
/** ...from this many distinct calls on. */
export const PILE_UP_MIN_CALLS = 2;
/** Most-worked calls (lb_hot_now_3): how many stations logged each call in this window. */
export const MOST_WORKED_WINDOW_MS = 60 * 60_000;
/** lb_last_60_minutes. */
export const LAST_HOUR_WINDOW_MS = 60 * 60_000;

const DAY_MS = 86_400_000;

export interface LeaderboardWindow {
  since: Date;
  until: Date;
}

export type LeaderboardPeriod = 'today' | 'yesterday' | 'days7' | 'days30' | 'week' | 'month';

type RecentListName = 'lb_hot_now_1' | 'lb_hot_now_2' | 'lb_hot_now_3' | 'lb_last_60_minutes';
export type PeriodListName = Exclude<LeaderboardListName, RecentListName>;

/** The lists over whole UTC days: which period and which class of mode (null: every mode). */
export const PERIOD_LISTS: Readonly<Record<PeriodListName, { period: LeaderboardPeriod; modeClass: ModeClass | null }>> = {
  lb1: { period: 'today', modeClass: null },
  lb2: { period: 'days7', modeClass: null },
  lb3: { period: 'days30', modeClass: null },
  lb_voice1: { period: 'today', modeClass: 'VOICE' },
  lb_voice2: { period: 'days7', modeClass: 'VOICE' },
  lb_voice3: { period: 'days30', modeClass: 'VOICE' },
  lbcw1: { period: 'today', modeClass: 'CW' },
  lb_sstv1: { period: 'today', modeClass: 'SSTV' },
  leader_board_2_data: { period: 'today', modeClass: 'DATA' },
  leader_board_3_data: { period: 'days7', modeClass: 'DATA' },
  lb_yesterday: { period: 'yesterday', modeClass: null },
  lb_yesterday_voice: { period: 'yesterday', modeClass: 'VOICE' },
  lb_yesterday_cw: { period: 'yesterday', modeClass: 'CW' },
  lb_yesterday_sstv: { period: 'yesterday', modeClass: 'SSTV' },
  lb_yesterday_data: { period: 'yesterday', modeClass: 'DATA' },
  lb_week: { period: 'week', modeClass: null },
  lb_week_voice: { period: 'week', modeClass: 'VOICE' },
  lb_week_cw: { period: 'week', modeClass: 'CW' },
  lb_week_sstv: { period: 'week', modeClass: 'SSTV' },
  lb_week_data: { period: 'week', modeClass: 'DATA' },
  lb_month: { period: 'month', modeClass: null },
  lb_month_voice: { period: 'month', modeClass: 'VOICE' },
  lb_month_cw: { period: 'month', modeClass: 'CW' },
  lb_month_sstv: { period: 'month', modeClass: 'SSTV' },
  lb_month_data: { period: 'month', modeClass: 'DATA' },
};
const PERIOD_LIST_NAMES = Object.keys(PERIOD_LISTS) as PeriodListName[];

const startOfUtcDay = (at: Date): number => Math.floor(at.getTime() / DAY_MS) * DAY_MS;

/** Whether a time is a UTC midnight (the period lists' windows are whole days). */
export function isUtcMidnight(at: Date): boolean {
  return at.getTime() % DAY_MS === 0;
}

/**
 * The whole-day windows, each ending with today (QSOs logged with a time later today count):
 * today; yesterday; 7 and 30 days (today and the 6 or 29 days before); this ISO week from
 * Monday; this calendar month.
 */
export function leaderboardPeriods(now: Date): Record<LeaderboardPeriod, LeaderboardWindow> {
  const today = startOfUtcDay(now);
  const tomorrow = new Date(today + DAY_MS);
  const daysSinceMonday = (new Date(today).getUTCDay() + 6) % 7;
  const month = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const from = (ms: number): LeaderboardWindow => ({ since: new Date(ms), until: tomorrow });
  return {
    today: from(today),
    yesterday: { since: new Date(today - DAY_MS), until: new Date(today) },
    days7: from(today - 6 * DAY_MS),
    days30: from(today - 29 * DAY_MS),
    week: from(today - daysSinceMonday * DAY_MS),
    month: from(month),
  };
}

/** The last `lengthMs` up to and including the current second (stores keep QSO times to the second). */
export function recentWindow(now: Date, lengthMs: number): LeaderboardWindow {
  const until = Math.floor(now.getTime() / 1000) * 1000 + 1000;
  return { since: new Date(until - lengthMs), until: new Date(until) };
}

export interface PeriodCount extends LeaderboardWindow {
  /** null: every mode. */
  modeClass: ModeClass | null;
}

/** Everything a store computes for GET /api/vleaderboards. */
export interface LeaderboardQuery {
  /** Stations (user ids) left out of every list. */
  excludedUserIds: readonly string[];
  /** Entries per list. */
  limit: number;
  hotStations: LeaderboardWindow;
  pileUps: LeaderboardWindow & { minCalls: number };
  mostWorked: LeaderboardWindow;
  lastHour: LeaderboardWindow;
  /** Whole UTC days only; answered in the same order. */
  periods: readonly PeriodCount[];
}

export interface StationTotal {
  stationCallsign: string;
  count: number;
}
export interface HotStationRow extends StationTotal {
  band: string;
  mode: string;
}
export interface PileUpRow extends StationTotal {
  /** Of the station's latest QSO in the window (the latest time; the latest version on a tie). */
  mode: string;
  freqHz: number;
  contestName: string;
}
export interface WorkedCallRow {
  call: string;
  /** Distinct stations (callsigns) that logged it. */
  count: number;
}
export interface LeaderboardRows {
  hotStations: HotStationRow[];
  pileUps: PileUpRow[];
  mostWorked: WorkedCallRow[];
  lastHour: StationTotal[];
  periods: StationTotal[][];
}

export function leaderboardQuery(now: Date, excludedUserIds: readonly string[], limit = LEADERBOARD_SIZE): LeaderboardQuery {
  const periods = leaderboardPeriods(now);
  return {
    excludedUserIds,
    limit,
    hotStations: recentWindow(now, HOT_STATIONS_WINDOW_MS),
    pileUps: { ...recentWindow(now, PILE_UP_WINDOW_MS), minCalls: PILE_UP_MIN_CALLS },
    mostWorked: recentWindow(now, MOST_WORKED_WINDOW_MS),
    lastHour: recentWindow(now, LAST_HOUR_WINDOW_MS),
    periods: PERIOD_LIST_NAMES.map((name) => ({ ...periods[PERIOD_LISTS[name].period], modeClass: PERIOD_LISTS[name].modeClass })),
  };
}

/** The answer of GET /api/vleaderboards from a store's rows (for the query leaderboardQuery made). */
export function leaderboardsAnswer(rows: LeaderboardRows, generatedAt: Date): LeaderboardsAnswer {
  const totals = (list: StationTotal[]): LeaderboardEntry[] => list.map((r) => ({ station_callsign: r.stationCallsign, count: r.count }));
  const answer = {
    generated_at: generatedAt.toISOString(),
    lb_hot_now_1: rows.hotStations.map((r) => ({ station_callsign: r.stationCallsign, band: r.band, mode: r.mode, count: r.count })),
    lb_hot_now_2: rows.pileUps.map((r) => ({
      station_callsign: r.stationCallsign,
      mode: r.mode,
      freq: isContestQso(r.contestName) || r.freqHz <= 0 ? null : hzToKhz(r.freqHz),
      count: r.count,
    })),
    // The worked station is the entry's station too: its card links to that station's page.
    lb_hot_now_3: rows.mostWorked.map((r) => ({ station_callsign: r.call, call: r.call, count: r.count })),
    lb_last_60_minutes: totals(rows.lastHour),
  } as LeaderboardsAnswer;
  PERIOD_LIST_NAMES.forEach((name, i) => {
    answer[name] = totals(rows.periods[i] ?? []);
  });
  return answer;
}

/** Byte order of the UTF-8 encodings (the stores' order): code point order, unlike `<` on UTF-16. */
export function compareBytes(a: string, b: string): number {
  if (a === b) return 0;
  // Equal code points take equal code units, so one index walks both strings.
  for (let i = 0; i < a.length && i < b.length; ) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    i += x > 0xffff ? 2 : 1;
  }
  return a.length - b.length;
}

/** Most first, then by the keys in byte order. */
function ranks<T extends { count: number }>(keys: ((row: T) => string)[]): (a: T, b: T) => number {
  return (a, b) => b.count - a.count || keys.reduce((d, key) => d || compareBytes(key(a), key(b)), 0);
}

/** The first `limit` of `rows` in `order`, without sorting them all. */
function topOf<T>(rows: Iterable<T>, limit: number, order: (a: T, b: T) => number): T[] {
  const best: T[] = [];
  if (limit <= 0) return best;
  for (const row of rows) {
    if (best.length === limit && order(row, best[limit - 1]!) >= 0) continue;
    let at = best.length;
    while (at > 0 && order(row, best[at - 1]!) < 0) at--;
    best.splice(at, 0, row);
    if (best.length > limit) best.pop();
  }
  return best;
}

/** The distinct windows of the period lists (stores count each once), and each list's window. */
export function periodWindows(periods: readonly PeriodCount[]): { windows: LeaderboardWindow[]; windowOf: number[] } {
  const windows: LeaderboardWindow[] = [];
  const windowOf = periods.map((p) => {
    const found = windows.findIndex((w) => w.since.getTime() === p.since.getTime() && w.until.getTime() === p.until.getTime());
    if (found >= 0) return found;
    windows.push({ since: p.since, until: p.until });
    return windows.length - 1;
  });
  return { windows, windowOf };
}

/** A station's QSOs in each window of periodWindows, by class of mode in MODE_CLASSES order. */
export interface StationPeriodCounts {
  stationCallsign: string;
  counts: readonly (readonly number[])[];
}

/** The period lists from the stations' counts per window and class, as leaderboardRowsOf answers them. */
export function periodTops(periods: readonly PeriodCount[], stations: readonly StationPeriodCounts[], limit: number): StationTotal[][] {
  const { windowOf } = periodWindows(periods);
  return periods.map((p, i) => {
    const klass = p.modeClass === null ? -1 : MODE_CLASSES.indexOf(p.modeClass);
    const best: StationTotal[] = [];
    if (limit <= 0) return best;
    // A plain loop (thousands of stations, every list): only a station that beats the last kept one costs more.
    for (const station of stations) {
      const byClass = station.counts[windowOf[i]!];
      if (!byClass) continue;
      let count = 0;
      if (klass >= 0) count = byClass[klass] ?? 0;
      else for (const n of byClass) count += n;
      if (count <= 0) continue;
      const last = best[best.length - 1];
      if (best.length === limit && last && (count < last.count || (count === last.count && compareBytes(station.stationCallsign, last.stationCallsign) >= 0))) continue;
      let at = best.length;
      while (at > 0) {
        const before = best[at - 1]!;
        if (count < before.count || (count === before.count && compareBytes(station.stationCallsign, before.stationCallsign) > 0)) break;
        at--;
      }
      best.splice(at, 0, { stationCallsign: station.stationCallsign, count });
      if (best.length > limit) best.pop();
    }
    return best;
  });
}

// ---- The same lists over plain QSOs (the reference the stores answer like) ----

/** One version of a QSO, as the aggregates' facts carry it. */
export interface LeaderboardQso {
  qdoId: string;
  stationUserId: string;
  stationCallsign: string;
  ts: Date;
  band: string;
  mode: string;
  call: string;
  freqHz: number;
  contestName: string;
  deleted: boolean;
  /** The highest version of a qdoId is the QSO now. */
  version: number;
}

/** The QSOs as they are now: the highest version of each, deleted ones left out. */
export function currentQsos<Q extends LeaderboardQso>(versions: Iterable<Q>): Q[] {
  const latest = new Map<string, Q>();
  for (const v of versions) {
    const seen = latest.get(v.qdoId);
    if (!seen || v.version > seen.version) latest.set(v.qdoId, v);
  }
  return [...latest.values()].filter((q) => !q.deleted);
}

const inWindow = (q: LeaderboardQso, w: LeaderboardWindow): boolean => q.ts >= w.since && q.ts < w.until;

function countBy<T>(items: Iterable<T>, key: (item: T) => string): Map<string, { first: T; count: number }> {
  const counts = new Map<string, { first: T; count: number }>();
  for (const item of items) {
    const k = key(item);
    const seen = counts.get(k);
    if (seen) seen.count += 1;
    else counts.set(k, { first: item, count: 1 });
  }
  return counts;
}

function top<T extends { count: number }>(rows: T[], limit: number, ...keys: ((row: T) => string)[]): T[] {
  return topOf(rows, limit, ranks(keys));
}

function stationTotals(qsos: readonly LeaderboardQso[], limit: number): StationTotal[] {
  const rows = [...countBy(qsos, (q) => q.stationCallsign)].map(([stationCallsign, { count }]) => ({ stationCallsign, count }));
  return top(rows, limit, (r) => r.stationCallsign);
}

/** leaderboardQuery's answer over `qsos` (currentQsos of every version), as a store must give it. */
export function leaderboardRowsOf(qsos: readonly LeaderboardQso[], query: LeaderboardQuery): LeaderboardRows {
  const excluded = new Set(query.excludedUserIds);
  const counted = qsos.filter((q) => !q.deleted && !excluded.has(q.stationUserId));
  const within = (w: LeaderboardWindow) => counted.filter((q) => inWindow(q, w));
  const { limit } = query;

  const hot = [...countBy(within(query.hotStations), (q) => JSON.stringify([q.stationCallsign, q.band, q.mode]))].map(
    ([, { first, count }]) => ({ stationCallsign: first.stationCallsign, band: first.band, mode: first.mode, count }),
  );

  const byStation = new Map<string, LeaderboardQso[]>();
  for (const q of within(query.pileUps)) byStation.set(q.stationCallsign, [...(byStation.get(q.stationCallsign) ?? []), q]);
  const pileUps: PileUpRow[] = [];
  for (const [stationCallsign, list] of byStation) {
    const count = new Set(list.map((q) => q.call)).size;
    if (count < query.pileUps.minCalls) continue;
    // Stores keep QSO times to the second: a tie within one second goes to the latest version.
    const second = (q: LeaderboardQso) => Math.floor(q.ts.getTime() / 1000);
    const latest = list.reduce((a, b) => (second(b) > second(a) || (second(b) === second(a) && b.version > a.version) ? b : a));
    pileUps.push({ stationCallsign, count, mode: latest.mode, freqHz: latest.freqHz, contestName: latest.contestName });
  }

  const loggers = new Map<string, Set<string>>();
  for (const q of within(query.mostWorked)) loggers.set(q.call, (loggers.get(q.call) ?? new Set()).add(q.stationCallsign));
  const mostWorked = [...loggers].map(([call, stations]) => ({ call, count: stations.size }));

  return {
    hotStations: top(hot, limit, (r) => r.stationCallsign, (r) => r.band, (r) => r.mode),
    pileUps: top(pileUps, limit, (r) => r.stationCallsign),
    mostWorked: top(mostWorked, limit, (r) => r.call),
    lastHour: stationTotals(within(query.lastHour), limit),
    periods: query.periods.map((p) =>
      stationTotals(within(p).filter((q) => p.modeClass === null || modeClassOf(q.mode) === p.modeClass), limit),
    ),
  };
}

export interface UserTotal {
  stationUserId: string;
  count: number;
}

/** The stations (by user) with the most QSOs in the window, ties by user id (byte order). */
export function topUsersOf(qsos: readonly LeaderboardQso[], window: LeaderboardWindow, excludedUserIds: readonly string[], limit: number): UserTotal[] {
  const excluded = new Set(excludedUserIds);
  const counted = qsos.filter((q) => !q.deleted && !excluded.has(q.stationUserId) && inWindow(q, window));
  const rows = [...countBy(counted, (q) => q.stationUserId)].map(([stationUserId, { count }]) => ({ stationUserId, count }));
  return top(rows, limit, (r) => r.stationUserId);
}
