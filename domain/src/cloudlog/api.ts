/**
 * The Cloudlog/Wavelog API's answers, shaped the way companion apps read them (decision 0036).
 * PHP answers what MySQL gives it, so ids and counts travel as text ("1", "42"): Go, Qt and
 * System.Text.Json clients decode them into strings and fail on numbers.
 */
import * as m from '../messages';
import type { ApiKeyRights } from '../user/api-keys';

/** GET /api/auth/{key}: Cloudlog's XML, the invalid form for an unknown key. */
export function authXml(rights: ApiKeyRights | null): string {
  return rights ? `<auth><status>Valid</status><rights>${rights}</rights></auth>` : `<auth><message>${m.CLOUDLOG_AUTH_INVALID}</message></auth>`;
}

/** A station a key may log under: the key's account, and for a main account its sub-accounts. */
export interface CloudlogStation {
  userId: string;
  callsign: string;
  /** The account holder's name ('' when none). */
  name: string;
  grid: string;
}

/** One row of GET /api/station_info/{key}. */
export interface StationInfoRow {
  station_id: string;
  station_profile_name: string;
  station_gridsquare: string;
  station_callsign: string;
  /** "1" for the key's own account (the station apps pick by default), null for the others. */
  station_active: string | null;
}

/**
 * The stations are numbered from 1 in the order given (the key's account first, then its
 * sub-accounts in the order they were added); station_profile_id picks one by that number.
 */
export function stationInfoRows(stations: readonly CloudlogStation[]): StationInfoRow[] {
  return stations.map((station, index) => ({
    station_id: String(index + 1),
    station_profile_name: station.name ? `${station.callsign} (${station.name})` : station.callsign,
    station_gridsquare: station.grid,
    station_callsign: station.callsign,
    station_active: index === 0 ? '1' : null,
  }));
}

/** Station ids are small: anything else is no station of this key. */
const MAX_STATION_ID = 1000;

/**
 * station_profile_id as apps send it: a number (QLog), a JSON string of one (WaveLogGate,
 * GridTracker, Cloudlog Helper). Null for anything else, including 'NULL' and ''.
 */
export function parseStationId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,4}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_STATION_ID ? id : null;
}

/** The station a station_profile_id names among the key's stations, or null. */
export function stationById(stations: readonly CloudlogStation[], value: unknown): CloudlogStation | null {
  const id = parseStationId(value);
  return id === null ? null : (stations[id - 1] ?? null);
}

/** GET /api/statistics/{key}: QSO counts in UTC, as text. */
export interface StatisticsAnswer {
  Today: string;
  total_qsos: string;
  month_qsos: string;
  year_qsos: string;
}

export function statisticsAnswer(counts: { today: number; total: number; month: number; year: number }): StatisticsAnswer {
  return { Today: String(counts.today), total_qsos: String(counts.total), month_qsos: String(counts.month), year_qsos: String(counts.year) };
}

/** A failure, as Cloudlog words it: `{status: 'failed', reason}`. */
export interface CloudlogFailure {
  status: 'failed';
  reason: string;
}

/**
 * POST /api/qso: 201 'created' when every record is in the log (new, or already there: a resend
 * is no failure), 400 'abort' with the failed records' lines and reasons otherwise.
 * `messages` stays empty on success: WaveLogGate 2 reads any message as a failure.
 */
export interface QsoAnswer {
  status: 'created' | 'abort';
  type: 'adif';
  string: string;
  /** Records read. */
  adif_count: number;
  /** Records refused (their reasons in messages). */
  adif_errors: number;
  /** Records that were already in the log. */
  adif_duplicates: number;
  /** Records written (0 on a dry run). */
  imported_count: number;
  messages: string[];
  dryrun?: true;
  reason?: string;
}

export interface QsoOutcome {
  read: number;
  written: number;
  duplicates: number;
  failures: { line: number; message: string }[];
  dryRun: boolean;
}

export function qsoAnswer(outcome: QsoOutcome): { status: 201 | 400; body: QsoAnswer } {
  const failed = outcome.failures.length > 0;
  const messages = outcome.failures.map((f) => m.cloudlogRecordFailed(f.line, f.message));
  const body: QsoAnswer = {
    status: failed ? 'abort' : 'created',
    type: 'adif',
    string: '',
    adif_count: outcome.read,
    adif_errors: outcome.failures.length,
    adif_duplicates: outcome.duplicates,
    imported_count: outcome.written,
    messages,
    ...(outcome.dryRun ? { dryrun: true as const } : {}),
    ...(failed ? { reason: messages[0] } : {}),
  };
  return { status: failed ? 400 : 201, body };
}

/** A band as apps send it ('20m', '20M', ' 2m ') in the form the log stores ('20m'); '' for none. */
export function cloudlogBand(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

/** The first four characters of a grid (field and square), upper-cased, or null when that is no grid. */
export function gridSquare4(value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return /^[A-R]{2}\d{2}/.test(text) ? text.slice(0, 4) : null;
}
