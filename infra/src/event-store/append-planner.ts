import {
  WrongExpectedRevisionError,
  type AppendRequest,
  type AppendResult,
  type ExpectedRevision,
} from '../ports/event-store';

/** An event id is already stored in another stream, or only some of a request's ids are stored. */
export class DuplicateEventIdError extends Error {
  constructor(
    readonly streamId: string,
    readonly eventId: string,
    detail: string,
  ) {
    super(`event ${eventId} appended to ${streamId}: ${detail}`);
    this.name = 'DuplicateEventIdError';
  }
}

export interface StoredEventRef {
  streamId: string;
  revision: number;
  position: number;
}

export interface StreamHead {
  /** -1 when the stream does not exist. */
  revision: number;
  /** Position of the stream's last event (0 when none). */
  position: number;
}

export interface EventRow {
  position: number;
  streamId: string;
  revision: number;
  eventId: string;
  type: string;
  version: number;
  data: string;
  metadata: string;
}

/** What the database holds for the streams and event ids of one flush, read under the append lock. */
export interface PlanState {
  head: number;
  streams: Map<string, StreamHead>;
  eventIds: Map<string, StoredEventRef>;
}

export type JobPlan = { ok: true; results: AppendResult[]; rows: EventRow[] } | { ok: false; error: Error };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Throws on requests that can never be written, before they join a shared transaction. */
export function validateRequests(requests: AppendRequest[]): void {
  for (const request of requests) {
    // Stream ids and types travel as quoted literals in the append's SQL, where a NUL would end the text.
    if (request.streamId.includes('\0')) throw new TypeError('a stream id cannot contain a NUL character');
    const seen = new Set<string>();
    for (const event of request.events) {
      if (!UUID.test(event.id)) throw new TypeError(`event id ${JSON.stringify(event.id)} is not a UUID`);
      if (event.type.includes('\0')) throw new TypeError('an event type cannot contain a NUL character');
      const id = event.id.toLowerCase();
      if (seen.has(id)) throw new DuplicateEventIdError(request.streamId, id, 'id repeated in the same request');
      seen.add(id);
    }
    const expected = request.expectedRevision;
    if (typeof expected === 'number' && (!Number.isSafeInteger(expected) || expected < 0)) {
      throw new TypeError(`expected revision ${expected} is not a non-negative integer`);
    }
  }
}

function matches(expected: ExpectedRevision, current: number): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return current < 0;
    case 'stream_exists':
      return current >= 0;
    default:
      return current === expected;
  }
}

/**
 * Plans one caller's requests against `state` (which already includes the jobs planned before it in
 * the same flush). All or nothing: on failure `state` is left untouched; on success it is advanced.
 */
export function planJob(state: PlanState, requests: AppendRequest[]): JobPlan {
  const streams = new Map<string, StreamHead>();
  const eventIds = new Map<string, StoredEventRef>();
  const rows: EventRow[] = [];
  const results: AppendResult[] = [];
  let head = state.head;
  const streamHead = (id: string) => streams.get(id) ?? state.streams.get(id) ?? { revision: -1, position: 0 };
  const storedEvent = (id: string) => eventIds.get(id) ?? state.eventIds.get(id);

  for (const { streamId, events, expectedRevision } of requests) {
    const ids = events.map((e) => e.id.toLowerCase());
    const stored = ids.map(storedEvent);
    const foreign = stored.findIndex((s) => s !== undefined && s.streamId !== streamId);
    if (foreign >= 0) {
      return { ok: false, error: new DuplicateEventIdError(streamId, ids[foreign]!, `already stored in ${stored[foreign]!.streamId}`) };
    }
    const known = stored.filter((s) => s !== undefined);
    if (ids.length > 0 && known.length === ids.length) {
      // A retry of a write that already happened: report the original outcome, write nothing.
      results.push({
        streamId,
        nextRevision: Math.max(...known.map((s) => s.revision)),
        position: Math.max(...known.map((s) => s.position)),
      });
      continue;
    }
    if (known.length > 0) {
      const id = ids[stored.findIndex((s) => s !== undefined)]!;
      return { ok: false, error: new DuplicateEventIdError(streamId, id, 'some of the events are already stored in this stream') };
    }
    const current = streamHead(streamId);
    if (!matches(expectedRevision, current.revision)) {
      const actual = current.revision < 0 ? 'no_stream' : current.revision;
      return { ok: false, error: new WrongExpectedRevisionError(streamId, expectedRevision, actual) };
    }
    if (events.length === 0) {
      results.push({ streamId, nextRevision: current.revision, position: current.position });
      continue;
    }
    let revision = current.revision;
    events.forEach((event, i) => {
      revision += 1;
      head += 1;
      rows.push({
        position: head,
        streamId,
        revision,
        eventId: ids[i]!,
        type: event.type,
        version: event.version ?? 1,
        data: JSON.stringify(event.data ?? null),
        metadata: JSON.stringify(event.metadata ?? {}),
      });
      eventIds.set(ids[i]!, { streamId, revision, position: head });
    });
    streams.set(streamId, { revision, position: head });
    results.push({ streamId, nextRevision: revision, position: head });
  }

  state.head = head;
  for (const [id, value] of streams) state.streams.set(id, value);
  for (const [id, value] of eventIds) state.eventIds.set(id, value);
  return { ok: true, results, rows };
}
