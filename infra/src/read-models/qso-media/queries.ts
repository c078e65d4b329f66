import type pg from 'pg';

export interface QsoMedia {
  /** File names in the order attached. */
  recordings: string[];
  sstvs: string[];
}

export async function findQsoMedia(pool: pg.Pool, qdoId: string): Promise<QsoMedia> {
  const { rows } = await pool.query<{ kind: string; file_name: string }>(
    'SELECT kind, file_name FROM rm_qso_media WHERE qdo_id = $1 ORDER BY position, file_name',
    [qdoId],
  );
  return {
    recordings: rows.filter((r) => r.kind === 'recording').map((r) => r.file_name),
    sstvs: rows.filter((r) => r.kind === 'sstv').map((r) => r.file_name),
  };
}
