import { CONFIRMATION_WINDOW_MS, matchConfirmation, type MatchCandidate } from '@hamlog/domain';
import type pg from 'pg';

/**
 * The logged QSO each report record confirms (matchConfirmation), one statement for them all:
 * the user's live QSOs with the record's call within 30 minutes of it (rm_qsos_by_call).
 */
export async function findConfirmedQsos(pool: pg.Pool, stationUserId: string, records: readonly Omit<MatchCandidate, 'qdoId'>[]): Promise<(string | null)[]> {
  if (records.length === 0) return [];
  const { rows } = await pool.query<{ i: string; qdo_id: string; call: string; band: string; mode: string; at: string }>(
    `SELECT c.i, q.qdo_id, q.call, q.band, q.mode, (extract(epoch FROM q.ts) * 1000)::bigint AS at
     FROM unnest($2::text[], $3::timestamptz[]) WITH ORDINALITY AS c(call, at, i)
     JOIN rm_qsos q ON q.station_user_id = $1 AND NOT q.deleted AND q.call = c.call
       AND q.ts BETWEEN c.at - make_interval(secs => $4) AND c.at + make_interval(secs => $4)`,
    [stationUserId, records.map((r) => r.call.toUpperCase()), records.map((r) => new Date(r.at)), CONFIRMATION_WINDOW_MS / 1000],
  );
  const near = new Map<number, MatchCandidate[]>();
  for (const row of rows) {
    const i = Number(row.i) - 1;
    near.set(i, [...(near.get(i) ?? []), { qdoId: row.qdo_id, call: row.call, band: row.band, mode: row.mode, at: Number(row.at) }]);
  }
  return records.map((record, i) => matchConfirmation(record, near.get(i) ?? [])?.qdoId ?? null);
}
