/**
 * The QSOs straight from the event log: every QSO stream folded to its latest state, each with
 * the time its first event reached the log. The reference the stream-built facts (boards, awards)
 * are compared with: a query over the event log.
 */
import { evolveQso, QSO_EVENT_TYPES, type QsoEvent, type QsoState } from './decider';

/** An event as read from the log (any stream; only QSO events are used). */
export interface LoggedEvent {
  streamId: string;
  type: string;
  data: unknown;
  createdAt: Date;
}

export interface QsoOfLog {
  state: NonNullable<QsoState>;
  /** When its first event reached the log: its first upload. */
  firstAt: Date;
}

const QSO_TYPES: readonly string[] = QSO_EVENT_TYPES;

/** Every live (not deleted) QSO of the log in its latest version, in the order first logged. */
export function liveQsosOfLog(events: Iterable<LoggedEvent>): QsoOfLog[] {
  const streams = new Map<string, { state: QsoState; firstAt: Date }>();
  for (const event of events) {
    if (!QSO_TYPES.includes(event.type)) continue;
    const seen = streams.get(event.streamId);
    const state = evolveQso(seen?.state ?? null, { type: event.type, data: event.data } as QsoEvent);
    streams.set(event.streamId, { state, firstAt: seen && seen.firstAt <= event.createdAt ? seen.firstAt : event.createdAt });
  }
  const live: QsoOfLog[] = [];
  for (const { state, firstAt } of streams.values()) if (state !== null && !state.deleted) live.push({ state, firstAt });
  return live;
}
