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

/**
 * Whether the file is attached to QSOs and all of them are in the trash: then it is not served.
 * A file no QSO holds (a photo) and one a live QSO also holds are served.
 */
export async function isOnlyInTrash(pool: pg.Pool, fileName: string): Promise<boolean> {
  const { rows } = await pool.query<{ hidden: boolean }>(
    `SELECT bool_and(t.qdo_id IS NOT NULL) AS hidden
     FROM rm_qso_media m LEFT JOIN rm_qso_trash t ON t.qdo_id = m.qdo_id
     WHERE m.file_name = $1`,
    [fileName],
  );
  return rows[0]?.hidden === true;
}
