/**
 * The logbook questions the Cloudlog/Wavelog API asks (decision 0036): a station's QSO counts
 * for statistics, whether a callsign or a grid is in a log (the worked-before checks), and for
 * Wavelog's extra calls a callsign's worked and confirmed flags (private_lookup), the QSOs after
 * a log position (get_contacts_adif) and the QSOs per mode (get_wp_stats).
 */
import type pg from 'pg';
import type { CallWorked, DxccConfirmed, QsoFields } from '@hamlog/domain';
import { SELECT, toQsoRow, type QsoRow } from './queries';

export interface LogbookCounts {
  today: number;
  month: number;
  year: number;
  total: number;
}

/** Live QSOs of a station: in all, on `day` (UTC, 'YYYY-MM-DD'), in its month and its year; from the per-day counts. */
export async function logbookCounts(pool: pg.Pool, stationUserId: string, day: string): Promise<LogbookCounts> {
  const { rows } = await pool.query<{ today: string; month: string; year: string; total: string }>({
    name: 'cloudlog-logbook-counts',
    text: `SELECT
        COALESCE(sum(qso_count) FILTER (WHERE day = $2::date), 0) AS today,
        COALESCE(sum(qso_count) FILTER (WHERE day >= date_trunc('month', $2::date) AND day < date_trunc('month', $2::date) + interval '1 month'), 0) AS month,
        COALESCE(sum(qso_count) FILTER (WHERE day >= date_trunc('year', $2::date) AND day < date_trunc('year', $2::date) + interval '1 year'), 0) AS year,
        (SELECT COALESCE(max(qso_count), 0) FROM rm_logbook_counts WHERE station_user_id = $1) AS total
      FROM rm_logbook_days WHERE station_user_id = $1 AND day >= date_trunc('year', $2::date)`,
    values: [stationUserId, day],
  });
  const r = rows[0];
  return { today: Number(r?.today ?? 0), month: Number(r?.month ?? 0), year: Number(r?.year ?? 0), total: Number(r?.total ?? 0) };
}

/** Whether any of these stations has a live QSO with the callsign (on the band, when one is given: '20m'). */
export async function callWorked(pool: pg.Pool, stationUserIds: string[], call: string, band: string): Promise<boolean> {
  const { rows } = await pool.query<{ worked: boolean }>({
    name: 'cloudlog-call-worked',
    text: `SELECT EXISTS (SELECT 1 FROM rm_qsos WHERE station_user_id = ANY($1::text[]) AND call = $2 AND NOT deleted AND ($3 = '' OR band = $3)) AS worked`,
    values: [stationUserIds, call, band],
  });
  return rows[0]?.worked ?? false;
}

/**
 * Whether any of these stations has a live QSO in the grid square (four characters, 'JO30'),
 * by the contact's grid or its VUCC grids, on the band when one is given.
 */
export async function gridWorked(pool: pg.Pool, stationUserIds: string[], grid4: string, band: string): Promise<boolean> {
  const { rows } = await pool.query<{ worked: boolean }>({
    name: 'cloudlog-grid-worked',
    text: `SELECT EXISTS (SELECT 1 FROM rm_qsos WHERE station_user_id = ANY($1::text[]) AND NOT deleted AND ($3 = '' OR band = $3)
        AND (upper(left(grid_square, 4)) = $2 OR upper(COALESCE(adif_details->>'VUCC_GRIDS', '')) LIKE '%' || $2 || '%')) AS worked`,
    values: [stationUserIds, grid4, band],
  });
  return rows[0]?.worked ?? false;
}

/**
 * Confirmed, as far as the log knows: the contact carries a received QSL card, LoTW, eQSL or
 * QRZ.com confirmation among its ADIF fields (imported files and ADIF sent by apps keep them).
 */
const CONFIRMED = `confirmed_by <> 0`;
/** On the band asked about ($3, lower-case, '' for none: nothing is on it); 'sat' is a satellite contact, as in Wavelog. */
const ON_BAND = `($3::text <> '' AND CASE WHEN $3::text = 'sat' THEN COALESCE(adif_details->>'PROP_MODE', '') = 'SAT' ELSE band = $3::text END)`;
/** In the mode asked about ($4, upper-case, '' for none), as the contact's mode or sub-mode ('SSB' or 'USB'). */
const IN_MODE = `($4::text <> '' AND (upper(mode) = $4::text OR upper(submode) = $4::text))`;
const CALL_OF = 'station_user_id = ANY($1::text[]) AND call = $2 AND NOT deleted';

/**
 * private_lookup's question, on the index rm_qsos_by_call: whether these stations worked the
 * callsign (on the band, on the band and mode) and had it confirmed, their newest contact with it
 * and the newest name they have for it.
 */
const PRIVATE_LOOKUP_SQL = `
SELECT s.*, q.*
FROM (
  SELECT count(*) > 0 AS worked,
    COALESCE(bool_or(${ON_BAND}), false) AS worked_band,
    COALESCE(bool_or(${ON_BAND} AND ${IN_MODE}), false) AS worked_band_mode,
    COALESCE(bool_or(${CONFIRMED}), false) AS confirmed,
    COALESCE(bool_or(${CONFIRMED} AND ${ON_BAND}), false) AS confirmed_band,
    COALESCE(bool_or(${CONFIRMED} AND ${ON_BAND} AND ${IN_MODE}), false) AS confirmed_band_mode,
    (SELECT n.name FROM rm_qsos n WHERE n.station_user_id = ANY($1::text[]) AND n.call = $2 AND NOT n.deleted AND n.name <> ''
      ORDER BY n.ts DESC LIMIT 1) AS known_name
  FROM rm_qsos WHERE ${CALL_OF}
) s
LEFT JOIN LATERAL (${SELECT} WHERE ${CALL_OF} ORDER BY rm_qsos.ts DESC, rm_qsos.qdo_id DESC LIMIT 1) q ON true`;

export interface PrivateLookupFacts {
  worked: CallWorked;
  /** The newest contact with the callsign, null when there is none. */
  latest: QsoFields | null;
  /** The newest name the stations' contacts give the callsign, '' for none. */
  name: string;
}

/** What these stations' logs know of a callsign, for the band ('20m', 'sat', '' for none) and mode ('SSB', '' for none) asked about. */
export async function privateLookupFacts(pool: pg.Pool, stationUserIds: string[], call: string, band: string, mode: string): Promise<PrivateLookupFacts> {
  const { rows } = await pool.query<Record<string, unknown>>({ name: 'cloudlog-private-lookup', text: PRIVATE_LOOKUP_SQL, values: [stationUserIds, call, band, mode] });
  const r = rows[0] ?? {};
  const flag = (name: string): boolean => r[name] === true;
  return {
    worked: {
      worked: flag('worked'),
      workedBand: flag('worked_band'),
      workedBandMode: flag('worked_band_mode'),
      confirmed: flag('confirmed'),
      confirmedBand: flag('confirmed_band'),
      confirmedBandMode: flag('confirmed_band_mode'),
    },
    latest: r.qdo_id ? toQsoRow(r).fields : null,
    name: (r.known_name as string | null | undefined) ?? '',
  };
}

/** Whether these stations have a confirmed contact with the DXCC entity (at all, on the band, on the band and mode). */
export async function dxccConfirmed(pool: pg.Pool, stationUserIds: string[], dxcc: number, band: string, mode: string): Promise<DxccConfirmed> {
  const of = `FROM rm_qsos WHERE station_user_id = ANY($1::text[]) AND dxcc = $2 AND NOT deleted AND ${CONFIRMED}`;
  const { rows } = await pool.query<{ confirmed: boolean; confirmed_band: boolean; confirmed_band_mode: boolean }>({
    name: 'cloudlog-dxcc-confirmed',
    text: `SELECT EXISTS (SELECT 1 ${of}) AS confirmed, EXISTS (SELECT 1 ${of} AND ${ON_BAND}) AS confirmed_band,
        EXISTS (SELECT 1 ${of} AND ${ON_BAND} AND ${IN_MODE}) AS confirmed_band_mode`,
    values: [stationUserIds, dxcc, band, mode],
  });
  const r = rows[0];
  return { confirmed: r?.confirmed ?? false, confirmedBand: r?.confirmed_band ?? false, confirmedBandMode: r?.confirmed_band_mode ?? false };
}

/** A QSO and the log position of its last change (get_contacts_adif's cursor). */
export interface PositionedQso {
  position: number;
  row: QsoRow;
}

/**
 * A station's live QSOs whose last change (logged, edited, restored) is after the log position,
 * in log order, at most `limit`; one statement, so one snapshot. The logbook projection applies
 * events in log order, one transaction per batch, and positions are handed out gap-free in commit
 * order (the event store's append lock): a QSO becoming visible later always has a higher
 * position than any already seen, so a client fetching on from the highest position it got
 * misses none.
 */
export async function qsosAfterPosition(pool: pg.Pool, stationUserId: string, after: number, limit: number): Promise<PositionedQso[]> {
  if (limit <= 0) return [];
  const { rows } = await pool.query<Record<string, unknown>>({
    name: 'cloudlog-qsos-after-position',
    text: `WITH page AS MATERIALIZED (
        SELECT qdo_id, position FROM rm_qsos WHERE station_user_id = $1 AND NOT deleted AND position > $2::bigint ORDER BY position LIMIT $3
      )
      SELECT page.position AS log_position, q.* FROM page CROSS JOIN LATERAL (${SELECT} WHERE rm_qsos.qdo_id = page.qdo_id) q
      ORDER BY page.position`,
    values: [stationUserId, String(after), limit],
  });
  return rows.map((r) => ({ position: Number(r.log_position), row: toQsoRow(r) }));
}

/** A station's live QSOs per mode and sub-mode ('' for none), by mode and sub-mode. */
export async function qsosPerMode(pool: pg.Pool, stationUserId: string): Promise<{ mode: string; subMode: string; count: number }[]> {
  const { rows } = await pool.query<{ mode: string; submode: string; count: string }>({
    name: 'cloudlog-qsos-per-mode',
    text: `SELECT mode, submode, count(*) AS count FROM rm_qsos WHERE station_user_id = $1 AND NOT deleted GROUP BY mode, submode ORDER BY mode, submode`,
    values: [stationUserId],
  });
  return rows.map((r) => ({ mode: r.mode, subMode: r.submode, count: Number(r.count) }));
}
