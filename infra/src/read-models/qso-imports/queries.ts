import type { Pool } from '../../postgres/pool';

/** Imports that have not finished (nor failed), oldest first: the ones a process resumes at start. */
export async function runningQsoImportIds(pool: Pool): Promise<string[]> {
  const { rows } = await pool.query<{ import_id: string }>(`SELECT import_id FROM rm_qso_imports WHERE status = 'running' ORDER BY started_at`);
  return rows.map((r) => r.import_id);
}
