import { dedupeKey, qsoDecider, qsoStreamName, type LogQso, type QsoEvent, type QsoState } from '@hamlog/domain';
import type { EventMetadata, EventStore } from '@hamlog/infra/ports/event-store';
import { handleCommand, type Handled } from '../handling/handle-command';
import { probeQsoId } from './probe-qso-id';

/** The contact as LogQso carries it, but for its id, which is probed here. */
export type QsoToLog = Omit<LogQso['data'], 'qdoId'>;

/**
 * Logging is idempotent: the QSO id is derived from the duplicate rule (station, call, UTC
 * minute, band, mode), so a resend, or two copies arriving at once, land on the same stream
 * and make one QSO; if that copy carries corrected fields it updates the QSO (duplicate and
 * updated). If that id now holds a different contact (it was edited), the next id in a
 * fixed sequence is tried (probeQsoId).
 */
export function logQso(store: EventStore, qso: QsoToLog, metadata: EventMetadata): Promise<{ qdoId: string; handled: Handled<QsoEvent, QsoState> }> {
  return probeQsoId(dedupeKey(qso.stationUserId, qso.fields), async (qdoId, probe) => {
    const handled = await handleCommand(store, qsoStreamName(qdoId), qsoDecider, { type: 'LogQso', data: { qdoId, ...qso } }, metadata, { assumeNew: probe === 0 });
    return { qdoId, handled };
  });
}
