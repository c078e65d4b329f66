import { CONFIRMED_BIT, type LogbookFilter } from '@hamlog/domain';
import type pg from 'pg';
import type { QsoRowFields } from './writes';
import { utcIso } from '../../postgres/sql-time';

export interface QsoRow {
  qdoId: string;
  stationUserId: string;
  stationCallsign: string;
  fields: QsoRowFields;
}

/** Every QSO column, ts as ISO text; ends with FROM rm_qsos (order by rm_qsos.ts: bare ts is the text). */
const COLUMNS = `qdo_id, station_user_id, station_callsign, ${utcIso('ts')} AS ts,
  call, freq_hz, band, mode, submode, name, snt, rcv, comment, power, dxcc, continent, country, lat, lon, cq_zone, itu_zone,
  grid_square, radio_mode, qso_duration, qso_origin, is_run_qso, contest_name, adif_extra, adif_details`;
export const SELECT = `SELECT ${COLUMNS} FROM rm_qsos`;

type Row = Record<string, unknown>;

export function toQsoRow(r: Row): QsoRow {
  return {
    qdoId: r.qdo_id as string,
    stationUserId: r.station_user_id as string,
    stationCallsign: r.station_callsign as string,
    fields: {
      ts: r.ts as string,
      call: r.call as string,
      freqHz: r.freq_hz as number,
      band: r.band as string,
      mode: r.mode as string,
      subMode: r.submode as string,
      name: r.name as string,
      snt: r.snt as string,
      rcv: r.rcv as string,
      comment: r.comment as string,
      power: r.power as string,
      dxcc: r.dxcc as number,
      continent: r.continent as string,
      country: r.country as string,
      lat: r.lat as number | null,
      lon: r.lon as number | null,
      cqZone: r.cq_zone as number | null,
      ituZone: r.itu_zone as number | null,
      gridSquare: r.grid_square as string,
      radioMode: r.radio_mode as string,
      qsoDuration: r.qso_duration as number,
      qsoOrigin: r.qso_origin as string,
      isRunQso: r.is_run_qso as number,
      contestName: r.contest_name as string,
      ...(r.adif_extra ? { extra: r.adif_extra as Record<string, string> } : {}),
      ...(r.adif_details ? { details: r.adif_details as Record<string, string> } : {}),
    },
  };
}

/** A live (not deleted) QSO by id, whoever owns it; callers check ownership where it matters. */
export async function findQso(pool: pg.Pool, qdoId: string): Promise<QsoRow | null> {
  const { rows } = await pool.query<Row>(`${SELECT} WHERE qdo_id = $1 AND NOT deleted`, [qdoId]);
  return rows[0] ? toQsoRow(rows[0]) : null;
}

/**
 * Finds where a page starts without walking the logbook up to it: the per-day counts
 * (rm_logbook_days, at most a few thousand rows) locate the day holding the page's first row and
 * the day holding its last. From whichever of the two needs the shorter skip (newest first from
 * the end of the first row's day, or oldest first from the start of the last row's day) an
 * index-only scan skips to the page's edge row, and the page is read from that row on by the
 * same index. One statement, so one snapshot: counts and rows agree. The answer is exactly
 * `ORDER BY ts DESC, qdo_id DESC OFFSET (page-1)*size LIMIT size`
 * (docs/decisions/0012-logbook-paging.md).
 */
const PAGE_SQL = `
WITH days AS (
  SELECT day, qso_count, (sum(qso_count) OVER (ORDER BY day DESC))::bigint - qso_count AS newer
  FROM rm_logbook_days WHERE station_user_id = $1 AND qso_count > 0
), bounds AS (
  SELECT $2::bigint AS first,
         least($2::bigint + $3::bigint, (SELECT qso_count FROM rm_logbook_counts WHERE station_user_id = $1)) - 1 AS last
), spans AS (
  -- The days the page touches, in one pass: the newest holds its first row, the oldest its last.
  SELECT d.day, d.newer, d.qso_count FROM days d, bounds b WHERE d.newer <= b.last AND b.first < d.newer + d.qso_count
), plan AS (
  SELECT tail.newer + tail.qso_count - 1 - b.last < b.first - head.newer AS oldest_first,
         (head.day + 1)::timestamp AT TIME ZONE 'UTC' AS head_end, b.first - head.newer AS head_skip,
         tail.day::timestamp AT TIME ZONE 'UTC' AS tail_start, tail.newer + tail.qso_count - 1 - b.last AS tail_skip,
         b.last - b.first + 1 AS take
  FROM bounds b, (SELECT * FROM spans ORDER BY day DESC LIMIT 1) head, (SELECT * FROM spans ORDER BY day LIMIT 1) tail
), newest AS (
  SELECT ts, qdo_id FROM rm_qsos
  WHERE NOT (SELECT oldest_first FROM plan) AND station_user_id = $1 AND NOT deleted AND ts < (SELECT head_end FROM plan)
  ORDER BY ts DESC, qdo_id DESC OFFSET (SELECT head_skip FROM plan) LIMIT 1
), oldest AS (
  SELECT ts, qdo_id FROM rm_qsos
  WHERE (SELECT oldest_first FROM plan) AND station_user_id = $1 AND NOT deleted AND ts >= (SELECT tail_start FROM plan)
  ORDER BY ts ASC, qdo_id ASC OFFSET (SELECT tail_skip FROM plan) LIMIT 1
)
SELECT ${COLUMNS} FROM (
  (SELECT * FROM rm_qsos WHERE station_user_id = $1 AND NOT deleted
     AND (ts, qdo_id) <= ((SELECT ts FROM newest), (SELECT qdo_id FROM newest))
   ORDER BY ts DESC, qdo_id DESC LIMIT $3)
  UNION ALL
  (SELECT * FROM rm_qsos WHERE station_user_id = $1 AND NOT deleted
     AND (ts, qdo_id) >= ((SELECT ts FROM oldest), (SELECT qdo_id FROM oldest))
   ORDER BY ts ASC, qdo_id ASC LIMIT (SELECT take FROM plan))
) page ORDER BY page.ts DESC, page.qdo_id DESC`;

/** One page (1-based) of a station's logbook, newest first (ties by qdo_id, descending). */
export async function logbookPage(pool: pg.Pool, stationUserId: string, page: number, size: number): Promise<QsoRow[]> {
  // Named, so each connection plans it once (planning costs more than running it).
  const { rows } = await pool.query<Row>({ name: 'logbook-page', text: PAGE_SQL, values: [stationUserId, (page - 1) * size, size] });
  return rows.map(toQsoRow);
}

export async function logbookCount(pool: pg.Pool, stationUserId: string): Promise<number> {
  const { rows } = await pool.query<{ qso_count: number }>('SELECT qso_count FROM rm_logbook_counts WHERE station_user_id = $1', [
    stationUserId,
  ]);
  return rows[0]?.qso_count ?? 0;
}

/** The SQL condition and values of a logbook filter, after `station_user_id = $1 AND NOT deleted`. */
function filterCondition(filter: LogbookFilter): { where: string; values: unknown[] } {
  const parts: string[] = [];
  const values: unknown[] = [];
  const add = (sql: (p: string) => string, value: unknown) => {
    values.push(value);
    parts.push(sql(`$${values.length + 1}`));
  };
  if (filter.band) add((p) => `band = ${p}`, filter.band);
  if (filter.mode) add((p) => `(mode = ${p} OR submode = ${p})`, filter.mode);
  if (filter.dxcc !== undefined) add((p) => `dxcc = ${p}`, filter.dxcc);
  if (filter.from) add((p) => `ts >= ${p}::date::timestamp AT TIME ZONE 'UTC'`, filter.from);
  if (filter.to) add((p) => `ts < (${p}::date + 1)::timestamp AT TIME ZONE 'UTC'`, filter.to);
  if (filter.queue === 'paper') parts.push(`adif_details->>'QSL_SENT' IN ('Q', 'R')`);
  const mask = filter.service ? CONFIRMED_BIT[filter.service] : 0x7fff;
  if (filter.confirmed === false) add((p) => `confirmed_by & ${p} = 0`, mask);
  else if (filter.confirmed === true || filter.service) add((p) => `confirmed_by & ${p} <> 0`, mask);
  return { where: parts.map((p) => ` AND ${p}`).join(''), values };
}

/** One page of a station's logbook narrowed by a filter, newest first, and how many match. */
export async function filteredLogbookPage(pool: pg.Pool, stationUserId: string, filter: LogbookFilter, page: number, size: number): Promise<{ rows: QsoRow[]; total: number }> {
  const { where, values } = filterCondition(filter);
  const base = `FROM rm_qsos WHERE station_user_id = $1 AND NOT deleted${where}`;
  const [rows, count] = await Promise.all([
    pool.query<Row>(`SELECT ${COLUMNS} ${base} ORDER BY rm_qsos.ts DESC, qdo_id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`, [stationUserId, ...values]),
    pool.query<{ n: string }>(`SELECT count(*) AS n ${base}`, [stationUserId, ...values]),
  ]);
  return { rows: rows.rows.map(toQsoRow), total: Number(count.rows[0]?.n ?? 0) };
}

/** A station's live QSOs with from <= ts < to, oldest first, at most `limit` (a contest's log). */
export async function stationQsosBetween(pool: pg.Pool, stationUserId: string, from: Date, to: Date, limit: number): Promise<QsoRow[]> {
  const { rows } = await pool.query<Row>(
    `${SELECT} WHERE station_user_id = $1 AND NOT deleted AND rm_qsos.ts >= $2 AND rm_qsos.ts < $3 ORDER BY rm_qsos.ts, qdo_id LIMIT $4`,
    [stationUserId, from, to, limit],
  );
  return rows.map(toQsoRow);
}
