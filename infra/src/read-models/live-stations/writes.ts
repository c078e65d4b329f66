import type { LiveRig } from '@hamlog/domain';
import type pg from 'pg';

export interface LiveStationRow {
  userId: string;
  rig: LiveRig;
  onAir: boolean;
  /** Global log position of the event: an older or the same one never overwrites. */
  position: number;
  /** Revision of the event in the user's rig stream (where command-api may start reading it). */
  streamRevision: number;
}

/**
 * Upserts the stations' last reports in one statement (one row per user: the caller keeps each
 * user's last) and answers the users whose row changed: a report applied again changes nothing.
 * A report already stale at `staleBefore` needs no off-air card later.
 */
export async function upsertLiveStations(db: pg.ClientBase, rows: readonly LiveStationRow[], staleBefore: Date): Promise<string[]> {
  if (rows.length === 0) return [];
  // Sorted, so two writers lock rows in the same order.
  const records = [...rows]
    .sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0))
    .map((r) => ({ user_id: r.userId, rig: r.rig, on_air: r.onAir, reported_at: r.rig.at, position: r.position, stream_revision: r.streamRevision }));
  const { rows: changed } = await db.query<{ user_id: string }>(
    `INSERT INTO live_stations (user_id, rig, on_air, reported_at, position, stream_revision, off_air_sent)
     SELECT r.user_id, r.rig, r.on_air, r.reported_at, r.position, r.stream_revision, r.reported_at < $2
     FROM jsonb_to_recordset($1::jsonb) AS r(user_id text, rig jsonb, on_air boolean, reported_at timestamptz, position bigint, stream_revision bigint)
     ON CONFLICT (user_id) DO UPDATE SET rig = EXCLUDED.rig, on_air = EXCLUDED.on_air, reported_at = EXCLUDED.reported_at,
       position = EXCLUDED.position, stream_revision = EXCLUDED.stream_revision, off_air_sent = EXCLUDED.off_air_sent
     WHERE live_stations.position < EXCLUDED.position
     RETURNING user_id`,
    [JSON.stringify(records), staleBefore],
  );
  return changed.map((r) => r.user_id);
}

/**
 * Marks the stations whose last report went stale (before `staleBefore`) and were on air
 * as announced, and answers them: each is answered once, whichever process sweeps first.
 * Rows another writer holds are left for the next sweep.
 */
export async function takeStaleOnAirStations(pool: pg.Pool, staleBefore: Date): Promise<string[]> {
  const { rows } = await pool.query<{ user_id: string; on_air: boolean }>(
    `UPDATE live_stations l SET off_air_sent = true
     FROM (SELECT user_id FROM live_stations WHERE NOT off_air_sent AND reported_at < $1 FOR UPDATE SKIP LOCKED) due
     WHERE l.user_id = due.user_id
     RETURNING l.user_id, l.on_air`,
    [staleBefore],
  );
  return rows.filter((r) => r.on_air).map((r) => r.user_id);
}
