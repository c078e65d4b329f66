import type { ClientBase } from 'pg';

export interface TrashRow {
  qdoId: string;
  stationUserId: string;
  position: number;
  deletedAt: Date;
}

/** Deleted QSOs enter the trash; a replayed event (an older position) changes nothing. */
export async function putInTrash(client: ClientBase, rows: TrashRow[]): Promise<void> {
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO rm_qso_trash (qdo_id, station_user_id, position, deleted_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::timestamptz[])
     ON CONFLICT (qdo_id) DO UPDATE SET position = EXCLUDED.position, deleted_at = EXCLUDED.deleted_at
     WHERE rm_qso_trash.position < EXCLUDED.position`,
    [rows.map((r) => r.qdoId), rows.map((r) => r.stationUserId), rows.map((r) => r.position), rows.map((r) => r.deletedAt)],
  );
}

/** Restored, or logged again. */
export async function takeOutOfTrash(client: ClientBase, qdoIds: string[]): Promise<void> {
  if (qdoIds.length === 0) return;
  await client.query('DELETE FROM rm_qso_trash WHERE qdo_id = ANY($1::text[])', [qdoIds]);
}
