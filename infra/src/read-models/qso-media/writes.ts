import type { ClientBase } from 'pg';
import type { QsoMediaKind } from '@hamlog/domain';

export interface QsoMediaRow {
  qdoId: string;
  kind: QsoMediaKind;
  fileName: string;
  contentType: string;
  bytes: number;
  position: number;
}

/** Keyed by QSO, kind and file: a replayed event changes nothing. */
export async function insertQsoMedia(client: ClientBase, row: QsoMediaRow): Promise<void> {
  await client.query(
    `INSERT INTO rm_qso_media (qdo_id, kind, file_name, content_type, bytes, position) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (qdo_id, kind, file_name) DO NOTHING`,
    [row.qdoId, row.kind, row.fileName, row.contentType, row.bytes, row.position],
  );
}
