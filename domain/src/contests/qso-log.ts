/**
 * The contest QSOs straight from the event log: every QSO stream folded to its latest state, the
 * deleted ones left out, each with the time its first event reached the log. The reference the
 * stream-built boards are compared with (a query over the event log).
 */
import { evolveQso, QSO_EVENT_TYPES, type QsoEvent, type QsoState } from '../qso/decider';
import type { ContestQso } from './scoring';

/** An event as read from the log (any stream; only QSO events are used). */
export interface LoggedEvent {
  streamId: string;
  type: string;
  data: unknown;
  createdAt: Date;
}

const QSO_TYPES: readonly string[] = QSO_EVENT_TYPES;

export function contestQsosFromLog(events: Iterable<LoggedEvent>): ContestQso[] {
  const streams = new Map<string, { state: QsoState; firstAt: Date }>();
  for (const event of events) {
    if (!QSO_TYPES.includes(event.type)) continue;
    const seen = streams.get(event.streamId);
    const state = evolveQso(seen?.state ?? null, { type: event.type, data: event.data } as QsoEvent);
    streams.set(event.streamId, { state, firstAt: seen && seen.firstAt <= event.createdAt ? seen.firstAt : event.createdAt });
  }
  const qsos: ContestQso[] = [];
  for (const { state, firstAt } of streams.values()) {
    if (state === null || state.deleted) continue;
    const { fields } = state;
    qsos.push({
      qdoId: state.qdoId,
      stationUserId: state.stationUserId,
      stationCallsign: state.stationCallsign,
      ts: new Date(fields.ts),
      band: fields.band,
      mode: fields.mode,
      subMode: fields.subMode,
      call: fields.call,
      freqHz: fields.freqHz,
      contestName: fields.contestName,
      uploadedAt: firstAt,
    });
  }
  return qsos;
}
