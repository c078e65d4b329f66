import { assertNever, QSO_IMPORT_EVENT_TYPES, type QsoImportEvent } from '@hamlog/domain';
import type { PoolClient } from '@hamlog/infra/postgres/pool';
import { qsoImportsMigrations } from '@hamlog/infra/read-models/qso-imports/schema';
import { addQsoImportChunk, endQsoImport, insertQsoImport } from '@hamlog/infra/read-models/qso-imports/writes';
import type { Projection, Recorded } from '../runtime/projection';

/** rm_qso_imports: each user's QSO imports, with their counts and whether they are still running. */
export const qsoImportsProjection: Projection<QsoImportEvent> = {
  name: 'qso-imports',
  canHandle: QSO_IMPORT_EVENT_TYPES,
  migrations: qsoImportsMigrations,
  tables: ['rm_qso_imports'],
  async apply(client: PoolClient, events: Recorded<QsoImportEvent>[]): Promise<void> {
    for (const e of events) {
      switch (e.type) {
        case 'QsoImportStarted':
          await insertQsoImport(client, e.data, e.position);
          break;
        case 'QsoImportChunkApplied':
          await addQsoImportChunk(client, e.data, e.position);
          break;
        case 'QsoImportFinished':
          await endQsoImport(client, e.data.importId, 'done', e.data.at, e.position);
          break;
        case 'QsoImportFailed':
          await endQsoImport(client, e.data.importId, 'failed', e.data.at, e.position);
          break;
        default:
          assertNever(e);
      }
    }
  },
};
