import type { ClientBase } from 'pg';
import type { QsoImportChunkApplied, QsoImportStarted } from '@hamlog/domain';

export async function insertQsoImport(client: ClientBase, started: QsoImportStarted['data'], position: number): Promise<void> {
  await client.query(
    `INSERT INTO rm_qso_imports (import_id, user_id, source, file_name, bytes, started_at, status, position)
     VALUES ($1, $2, $3, $4, $5, $6, 'running', $7)
     ON CONFLICT (import_id) DO NOTHING`,
    [started.importId, started.userId, started.source, started.fileName, started.bytes, started.at, position],
  );
}

/** Adds a chunk's counts (once: a row already past the event's position is left alone). */
export async function addQsoImportChunk(client: ClientBase, chunk: QsoImportChunkApplied['data'], position: number): Promise<void> {
  await client.query(
    `UPDATE rm_qso_imports SET imported = imported + $2, duplicates = duplicates + $3, failed = failed + $4, position = $5
     WHERE import_id = $1 AND position < $5`,
    [chunk.importId, chunk.imported, chunk.duplicates, chunk.failed, position],
  );
}

export async function endQsoImport(client: ClientBase, importId: string, status: 'done' | 'failed', at: string, position: number): Promise<void> {
  await client.query('UPDATE rm_qso_imports SET status = $2, finished_at = $3, position = $4 WHERE import_id = $1 AND position < $4', [importId, status, at, position]);
}
