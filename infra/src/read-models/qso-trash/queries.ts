import type pg from 'pg';
import { utcIso } from '../../postgres/sql-time';

export interface TrashEntry {
  qdoId: string;
  /** ISO 8601 UTC. */
  deletedAt: string;
}

/** One page (1-based) of a station's deleted QSOs, newest deletion first. */
export async function trashPage(pool: pg.Pool, stationUserId: string, page: number, size: number): Promise<TrashEntry[]> {
  const { rows } = await pool.query<{ qdo_id: string; deleted_at: string }>(
    `SELECT qdo_id, ${utcIso('deleted_at')} AS deleted_at FROM rm_qso_trash
     WHERE station_user_id = $1 ORDER BY position DESC LIMIT $2 OFFSET $3`,
    [stationUserId, size, (page - 1) * size],
  );
  return rows.map((r) => ({ qdoId: r.qdo_id, deletedAt: r.deleted_at }));
}

export async function trashCount(pool: pg.Pool, stationUserId: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rm_qso_trash WHERE station_user_id = $1', [stationUserId]);
  return rows[0]?.n ?? 0;
}
