import type pg from 'pg';
import { SELECT, toQsoRow, type QsoRow } from './queries';
import { utcIso } from '../../postgres/sql-time';

/** A station's contacts with one callsign, as the logger's log bar shows them. */
export interface CallHistory {
  total: number;
  /** ISO 8601 UTC, null without contacts. */
  firstTs: string | null;
  lastTs: string | null;
  /** Name of the latest contact that has one, else ''. */
  name: string;
  /** Newest first, at most the limit asked for. */
  qsos: QsoRow[];
}

const MINE = 'station_user_id = $1 AND call = $2 AND NOT deleted';

/**
 * One statement, every part of it on the index rm_qsos_by_call (station_user_id, call, ts DESC):
 * the count and the first and last times aggregate over the call's index range, the latest name
 * and the newest contacts walk it from the top with a LIMIT. So its cost follows the number of
 * contacts with this call, not the size of the logbook.
 */
export const CALL_HISTORY_SQL = `
SELECT s.total, s.first_ts, s.last_ts, s.known_name, q.*
FROM (
  SELECT count(*)::int AS total,
    ${utcIso('min(ts)')} AS first_ts,
    ${utcIso('max(ts)')} AS last_ts,
    (SELECT n.name FROM rm_qsos n WHERE ${MINE} AND n.name <> '' ORDER BY n.ts DESC LIMIT 1) AS known_name
  FROM rm_qsos WHERE ${MINE}
) s
LEFT JOIN LATERAL (${SELECT} WHERE ${MINE} ORDER BY rm_qsos.ts DESC, rm_qsos.qdo_id DESC LIMIT $3) q ON true`;

export async function callHistory(pool: pg.Pool, stationUserId: string, call: string, limit: number): Promise<CallHistory> {
  // Named, so each connection plans it once: the log bar runs it on every callsign search.
  const { rows } = await pool.query<Record<string, unknown>>({ name: 'logbar-call-history', text: CALL_HISTORY_SQL, values: [stationUserId, call, limit] });
  const first = rows[0];
  return {
    total: (first?.total as number | undefined) ?? 0,
    firstTs: (first?.first_ts as string | null | undefined) ?? null,
    lastTs: (first?.last_ts as string | null | undefined) ?? null,
    name: (first?.known_name as string | null | undefined) ?? '',
    qsos: rows.filter((r) => r.qdo_id !== null).map(toQsoRow),
  };
}
