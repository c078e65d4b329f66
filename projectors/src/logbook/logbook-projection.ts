import type { RecordedEvent } from '@hamlog/infra/ports/event-store';
import type { PoolClient } from '@hamlog/infra/postgres/pool';
import { logbookMigrations } from '@hamlog/infra/read-models/logbook/schema';
import {
  applyPlaceChanges,
  setQsoDeleted,
  updateQsoFields,
  upsertQsos,
  type NewQsoRow,
  type PlaceChange,
  type QsoRowFields,
} from '@hamlog/infra/read-models/logbook/writes';
import type { Projection } from '../runtime/projection';

interface QsoEventData {
  qdoId: string;
  stationUserId?: string;
  stationCallsign?: string;
  fields?: QsoRowFields;
}

/**
 * The QSO rows each station browses in /logs and on /qso/{id}, a per-station count and
 * per-station-per-day counts (for paging). A run of QsoLogged events with distinct ids is
 * written as one multi-row statement; any other QSO event first writes the run, so the rows
 * change in log order.
 */
export const logbookProjection: Projection = {
  name: 'logbook',
  migrations: logbookMigrations,
  tables: ['rm_qsos', 'rm_logbook_counts', 'rm_logbook_days'],
  async apply(client: PoolClient, events: RecordedEvent[]): Promise<void> {
    const changes: PlaceChange[] = [];
    let run = new Map<string, NewQsoRow>();
    const writeRun = async () => {
      if (run.size === 0) return;
      changes.push(...(await upsertQsos(client, [...run.values()])));
      run = new Map();
    };
    for (const event of events) {
      const data = event.data as QsoEventData;
      switch (event.type) {
        case 'QsoLogged':
          if (data.fields && data.stationUserId && data.stationCallsign) {
            if (run.has(data.qdoId)) await writeRun();
            run.set(data.qdoId, {
              qdoId: data.qdoId,
              stationUserId: data.stationUserId,
              stationCallsign: data.stationCallsign,
              position: event.position,
              fields: data.fields,
            });
          }
          break;
        case 'QsoUpdated':
          await writeRun();
          if (data.fields) changes.push(await updateQsoFields(client, data.qdoId, event.position, data.fields));
          break;
        case 'QsoDeleted':
          await writeRun();
          changes.push(await setQsoDeleted(client, data.qdoId, event.position, true));
          break;
        case 'QsoRestored':
          await writeRun();
          changes.push(await setQsoDeleted(client, data.qdoId, event.position, false));
          break;
        default:
          break;
      }
    }
    await writeRun();
    await applyPlaceChanges(client, changes);
  },
};
