import type { RecordedEvent } from '@hamlog/infra/ports/event-store';
import type { PoolClient } from '@hamlog/infra/postgres/pool';
import { logbookMigrations } from '@hamlog/infra/read-models/logbook/schema';
import {
  addToLogbookCounts,
  setQsoDeleted,
  updateQsoFields,
  upsertQso,
  type QsoRowFields,
} from '@hamlog/infra/read-models/logbook/writes';
import type { Projection } from '../runtime/projection';

interface QsoEventData {
  qdoId: string;
  stationUserId?: string;
  stationCallsign?: string;
  fields?: QsoRowFields;
}

/** The QSO rows each station browses in /logs and on /qso/{id}, and a per-station count. */
export const logbookProjection: Projection = {
  name: 'logbook',
  migrations: logbookMigrations,
  tables: ['rm_qsos', 'rm_logbook_counts'],
  async apply(client: PoolClient, events: RecordedEvent[]): Promise<void> {
    const counts = new Map<string, number>();
    const bump = (userId: string | null | undefined, by: number) => {
      if (userId) counts.set(userId, (counts.get(userId) ?? 0) + by);
    };
    for (const event of events) {
      const data = event.data as QsoEventData;
      switch (event.type) {
        case 'QsoLogged':
          if (data.fields && data.stationUserId && data.stationCallsign) {
            const counted = await upsertQso(client, {
              qdoId: data.qdoId,
              stationUserId: data.stationUserId,
              stationCallsign: data.stationCallsign,
              position: event.position,
              fields: data.fields,
            });
            if (counted) bump(data.stationUserId, 1);
          }
          break;
        case 'QsoUpdated':
          if (data.fields) await updateQsoFields(client, data.qdoId, event.position, data.fields);
          break;
        case 'QsoDeleted':
          bump(await setQsoDeleted(client, data.qdoId, event.position, true), -1);
          break;
        case 'QsoRestored':
          bump(await setQsoDeleted(client, data.qdoId, event.position, false), 1);
          break;
        default:
          break;
      }
    }
    await addToLogbookCounts(client, counts);
  },
};
