import type { QsoRecordingAttached, QsoSstvAttached } from '@hamlog/domain';
import type { PoolClient } from '@hamlog/infra/postgres/pool';
import { qsoMediaMigrations } from '@hamlog/infra/read-models/qso-media/schema';
import { insertQsoMedia } from '@hamlog/infra/read-models/qso-media/writes';
import type { Projection, Recorded } from '../runtime/projection';

const KIND_BY_EVENT = { QsoRecordingAttached: 'recording', QsoSstvAttached: 'sstv' } as const;

/** The recordings and SSTV images attached to each QSO, for the QSO page and its answers. */
export const qsoMediaProjection: Projection<QsoRecordingAttached | QsoSstvAttached> = {
  name: 'qso-media',
  canHandle: ['QsoRecordingAttached', 'QsoSstvAttached'],
  migrations: qsoMediaMigrations,
  tables: ['rm_qso_media'],
  async apply(client: PoolClient, events: Recorded<QsoRecordingAttached | QsoSstvAttached>[]): Promise<void> {
    for (const event of events) {
      await insertQsoMedia(client, { ...event.data, kind: KIND_BY_EVENT[event.type], position: event.position });
    }
  },
};
