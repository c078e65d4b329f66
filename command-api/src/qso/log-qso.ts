import { dedupeKey, qsoDecider, qsoIdFor, QsoIdsExhaustedError, QsoIdTakenError, qsoStreamName, type LogQso, type QsoEvent, type QsoState } from '@hamlog/domain';
import type { EventMetadata, EventStore } from '@hamlog/infra/ports/event-store';
import { handleCommand, type Handled } from '../handling/handle-command';

/** How many ids of the fixed sequence a new contact tries before it is refused (QsoIdsExhaustedError). */
export const MAX_ID_PROBES = 8;

/** The contact as LogQso carries it, but for its id, which is probed here. */
export type QsoToLog = Omit<LogQso['data'], 'qdoId'>;

/**
 * Logging is idempotent: the QSO id is derived from the duplicate rule (station, call, UTC
 * minute, band, mode), so a resend, or two copies arriving at once, land on the same stream
 * and make one QSO; if that copy carries corrected fields it updates the QSO (duplicate and
 * updated). If that id now holds a different contact (it was edited), the next id in a
 * fixed sequence is tried.
 */
export async function logQso(store: EventStore, qso: QsoToLog, metadata: EventMetadata): Promise<{ qdoId: string; handled: Handled<QsoEvent, QsoState> }> {
  const key = dedupeKey(qso.stationUserId, qso.fields);
  for (let probe = 0; probe < MAX_ID_PROBES; probe += 1) {
    const qdoId = qsoIdFor(key, probe);
    try {
      const handled = await handleCommand(store, qsoStreamName(qdoId), qsoDecider, { type: 'LogQso', data: { qdoId, ...qso } }, metadata, { assumeNew: probe === 0 });
      return { qdoId, handled };
    } catch (error) {
      if (!(error instanceof QsoIdTakenError)) throw error;
    }
  }
  throw new QsoIdsExhaustedError();
}
