import type { QsoAttachment } from '@hamlog/domain';
import type { RecordedEvent } from '@hamlog/infra/ports/event-store';
import type { PoolClient } from '@hamlog/infra/postgres/pool';
import { qsoMediaMigrations } from '@hamlog/infra/read-models/qso-media/schema';
import { insertQsoMedia } from '@hamlog/infra/read-models/qso-media/writes';
import type { Projection } from '../runtime/projection';

const KIND_BY_EVENT = { QsoRecordingAttached: 'recording', QsoSstvAttached: 'sstv' } as const;

/** The recordings and SSTV images attached to each QSO, for the QSO page and its answers. */
export const qsoMediaProjection: Projection = {
  name: 'qso-media',
  migrations: qsoMediaMigrations,
  tables: ['rm_qso_media'],
  async apply(client: PoolClient, events: RecordedEvent[]): Promise<void> {
    for (const event of events) {
      const kind = KIND_BY_EVENT[event.type as keyof typeof KIND_BY_EVENT] as (typeof KIND_BY_EVENT)[keyof typeof KIND_BY_EVENT] | undefined;
      if (!kind) continue;
      const data = event.data as QsoAttachment;
      await insertQsoMedia(client, { ...data, kind, position: event.position });
    }
  },
};
