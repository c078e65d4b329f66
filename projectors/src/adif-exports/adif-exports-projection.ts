import { ADIF_EXPORT_EVENT_TYPES, assertNever, type AdifExportEvent } from '@hamlog/domain';
import type { PoolClient } from '@hamlog/infra/postgres/pool';
import { adifExportsMigrations } from '@hamlog/infra/read-models/adif-exports/schema';
import { completeAdifExport, deleteAdifExport, failAdifExport, insertAdifExport } from '@hamlog/infra/read-models/adif-exports/writes';
import type { Projection, Recorded } from '../runtime/projection';

/** rm_adif_exports: each user's ADIF export jobs, until they expire. */
export const adifExportsProjection: Projection<AdifExportEvent> = {
  name: 'adif-exports',
  canHandle: ADIF_EXPORT_EVENT_TYPES,
  migrations: adifExportsMigrations,
  tables: ['rm_adif_exports'],
  async apply(client: PoolClient, events: Recorded<AdifExportEvent>[]): Promise<void> {
    for (const e of events) {
      switch (e.type) {
        case 'AdifExportRequested':
          await insertAdifExport(client, e.data, e.position);
          break;
        case 'AdifExportCompleted':
          await completeAdifExport(client, e.data.jobId, e.data.qsoCount, e.data.bytes);
          break;
        case 'AdifExportFailed':
          await failAdifExport(client, e.data.jobId, e.data.reason);
          break;
        case 'AdifExportExpired':
          await deleteAdifExport(client, e.data.jobId);
          break;
        default:
          assertNever(e);
      }
    }
  },
};
