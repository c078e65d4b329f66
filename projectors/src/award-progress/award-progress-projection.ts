import { assertNever, confirmedMask, type QsoDeleted, type QsoFields, type QsoLogged, type QsoRestored, type QsoUpdated } from '@hamlog/domain';
import { qsoAwardCredits } from '@hamlog/domain/award-tracking/credits';
import { addSlotDeltas, type CreditedQso, type SlotDeltas } from '@hamlog/domain/award-tracking/slots';
import type { PoolClient } from '@hamlog/infra/postgres/pool';
import { awardProgressMigrations } from '@hamlog/infra/read-models/award-progress/schema';
import { applySlotDeltas, readCreditedQsos, saveCreditedQsos, type StationCreditedQso } from '@hamlog/infra/read-models/award-progress/writes';
import type { Projection, Recorded } from '../runtime/projection';

type AwardProgressEvent = QsoLogged | QsoUpdated | QsoDeleted | QsoRestored;

function credited(fields: QsoFields): CreditedQso {
  return { credits: qsoAwardCredits(fields), confirmed: confirmedMask(fields.details) };
}

/**
 * The award tracker's counts (decision 0061): each QSO event takes the QSO's last credits away and
 * adds its new ones, so logging, edits, confirmations (an edit of the QSO's confirmation fields),
 * deletions, restores and imports all move the counts exactly, and a replay builds the same rows.
 * A batch reads the QSOs it changes once, sums the changes per slot in memory and writes each
 * touched slot once.
 */
export const awardProgressProjection: Projection<AwardProgressEvent> = {
  name: 'award-progress',
  canHandle: ['QsoLogged', 'QsoUpdated', 'QsoDeleted', 'QsoRestored'],
  migrations: awardProgressMigrations,
  tables: ['rm_award_qsos', 'rm_award_slots', 'rm_award_tallies'],
  // Logging's QSOs share most of their slots (the same entities, bands and continents): gathered
  // for a quarter of a second, a batch writes each shared slot once instead of once per few QSOs.
  gatherMs: 250,
  async apply(client: PoolClient, events: Recorded<AwardProgressEvent>[]): Promise<void> {
    // A QSO's first event cannot have a row yet: only the others are read.
    const known = await readCreditedQsos(client, [...new Set(events.filter((e) => e.type !== 'QsoLogged' || e.revision !== 0).map((e) => e.data.qdoId))]);
    const states = new Map<string, StationCreditedQso | undefined>();
    const deltas: SlotDeltas = new Map();
    for (const event of events) {
      const { qdoId } = event.data;
      const before = states.has(qdoId) ? states.get(qdoId) : known.get(qdoId);
      let after: StationCreditedQso | undefined;
      switch (event.type) {
        case 'QsoLogged':
        case 'QsoRestored':
          after = { stationUserId: event.data.stationUserId, credited: credited(event.data.fields) };
          break;
        case 'QsoUpdated':
          // An update of a QSO this projection never saw (deleted before) has no station: nothing to count.
          after = before ? { stationUserId: before.stationUserId, credited: credited(event.data.fields) } : undefined;
          break;
        case 'QsoDeleted':
          after = undefined;
          break;
        default:
          assertNever(event);
      }
      // A QSO never moves between stations: before and after share one.
      const station = (after ?? before)?.stationUserId;
      if (station !== undefined) addSlotDeltas(deltas, before?.credited, after?.credited, station);
      states.set(qdoId, after);
    }
    await saveCreditedQsos(client, states);
    await applySlotDeltas(client, deltas);
  },
};
