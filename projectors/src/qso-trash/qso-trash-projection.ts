import type { QsoDeleted, QsoLogged, QsoRestored } from '@hamlog/domain';
import type { PoolClient } from '@hamlog/infra/postgres/pool';
import { qsoTrashMigrations } from '@hamlog/infra/read-models/qso-trash/schema';
import { putInTrash, takeOutOfTrash, type TrashRow } from '@hamlog/infra/read-models/qso-trash/writes';
import type { Projection, Recorded } from '../runtime/projection';

/**
 * Each station's deleted QSOs, newest deletion first, so the owner can find and restore them.
 * Only ids and times: the page reads what each QSO was from its stream.
 */
type TrashEvent = QsoLogged | QsoDeleted | QsoRestored;

export const qsoTrashProjection: Projection<TrashEvent> = {
  name: 'qso-trash',
  canHandle: ['QsoLogged', 'QsoDeleted', 'QsoRestored'],
  // A QSO logged for the first time (revision 0 of its stream) cannot be in the trash.
  wants: (event) => event.type !== 'QsoLogged' || event.revision > 0,
  migrations: qsoTrashMigrations,
  tables: ['rm_qso_trash'],
  async apply(client: PoolClient, events: Recorded<TrashEvent>[]): Promise<void> {
    // Only the last word on each QSO in the batch counts: one write for the whole batch.
    const last = new Map<string, TrashRow | null>();
    for (const event of events) {
      const { qdoId } = event.data;
      if (event.type === 'QsoDeleted') {
        // QsoDeleted carries only the id; the command that wrote it names the station in the metadata.
        const stationUserId = event.metadata.stationUserId ?? event.metadata.userId;
        if (typeof stationUserId === 'string') last.set(qdoId, { qdoId, stationUserId, position: event.position, deletedAt: event.createdAt });
      } else if (event.type === 'QsoRestored' || event.type === 'QsoLogged') {
        last.set(qdoId, null);
      }
    }
    const rows = [...last.values()].filter((row): row is TrashRow => row !== null);
    const restored = [...last].filter(([, row]) => row === null).map(([qdoId]) => qdoId);
    await takeOutOfTrash(client, restored);
    await putInTrash(client, rows);
  },
};
