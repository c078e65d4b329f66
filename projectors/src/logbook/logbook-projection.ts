import { assertNever, type QsoDeleted, type QsoLogged, type QsoRestored, type QsoUpdated } from '@hamlog/domain';
import type { PoolClient } from '@hamlog/infra/postgres/pool';
import { logbookMigrations } from '@hamlog/infra/read-models/logbook/schema';
import {
  applyPlaceChanges,
  insertNewQsos,
  setQsoDeleted,
  updateQsoFields,
  upsertQsos,
  type NewQsoRow,
  type PlaceChange,
} from '@hamlog/infra/read-models/logbook/writes';
import type { Projection, Recorded } from '../runtime/projection';

type LogbookEvent = QsoLogged | QsoUpdated | QsoDeleted | QsoRestored;

/**
 * The QSO rows each station browses in /logs and on /qso/{id}, a per-station count and
 * per-station-per-day counts (for paging). A run of QsoLogged events with distinct ids is
 * written as one multi-row statement (by COPY when each is its stream's first event: new QSOs,
 * an import's); any other QSO event first writes the run, so the rows change in log order.
 */
export const logbookProjection: Projection<LogbookEvent> = {
  name: 'logbook',
  canHandle: ['QsoLogged', 'QsoUpdated', 'QsoDeleted', 'QsoRestored'],
  migrations: logbookMigrations,
  tables: ['rm_qsos', 'rm_logbook_counts', 'rm_logbook_days'],
  async apply(client: PoolClient, events: Recorded<LogbookEvent>[]): Promise<void> {
    const changes: PlaceChange[] = [];
    let run = new Map<string, NewQsoRow>();
    // Whether every QSO of the run is its stream's first event, so none can have a row yet.
    let allNew = true;
    const writeRun = async () => {
      if (run.size === 0) return;
      const rows = [...run.values()];
      changes.push(...(await (allNew ? insertNewQsos(client, rows) : upsertQsos(client, rows))));
      run = new Map();
      allNew = true;
    };
    for (const event of events) {
      switch (event.type) {
        case 'QsoLogged': {
          const { qdoId, stationUserId, stationCallsign, fields } = event.data;
          if (run.has(qdoId)) await writeRun();
          run.set(qdoId, { qdoId, stationUserId, stationCallsign, position: event.position, loggedAt: event.createdAt, fields });
          if (event.revision !== 0) allNew = false;
          break;
        }
        case 'QsoUpdated':
          await writeRun();
          changes.push(await updateQsoFields(client, event.data.qdoId, event.position, event.data.fields));
          break;
        case 'QsoDeleted':
          await writeRun();
          changes.push(await setQsoDeleted(client, event.data.qdoId, event.position, true));
          break;
        case 'QsoRestored':
          await writeRun();
          changes.push(await setQsoDeleted(client, event.data.qdoId, event.position, false));
          break;
        default:
          assertNever(event);
      }
    }
    await writeRun();
    await applyPlaceChanges(client, changes);
  },
};
