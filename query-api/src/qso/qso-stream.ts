import { foldEvents, qsoDecider, QSO_EVENT_TYPES, qsoStreamName, type QsoEvent, type QsoState } from '@hamlog/domain';
import type { EventStore, RecordedEvent } from '@hamlog/infra/ports/event-store';

export interface QsoStream {
  state: QsoState;
  /** The QSO's events (others a future version may add are left out). */
  events: RecordedEvent[];
  /** Global position of the stream's last event; 0 when there is none. */
  position: number;
}

const KNOWN = new Set<string>(QSO_EVENT_TYPES);

/** The QSO as its own stream tells it: the source of truth for its history and its QSL card. */
export async function readQsoStream(store: EventStore, qdoId: string): Promise<QsoStream> {
  const events = (await store.readStream(qsoStreamName(qdoId))).filter((e) => KNOWN.has(e.type));
  const state = foldEvents(qsoDecider, events.map((e) => ({ type: e.type, data: e.data }) as QsoEvent));
  return { state, events, position: events[events.length - 1]?.position ?? 0 };
}
