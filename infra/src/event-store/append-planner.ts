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

/** An event as it will be stored: its id lower-cased, its data and metadata as JSON. */
export interface PreparedEvent {
  id: string;
  type: string;
  version: number;
  data: string;
  metadata: string;
}

export interface PreparedRequest {
  streamId: string;
  expectedRevision: ExpectedRevision;
  events: PreparedEvent[];
}

/**
 * Checks requests and turns their events into what is stored, when the call is made: requests that
 * can never be written are refused (thrown) before they join a shared transaction, and the JSON
 * is made outside the append lock, while another flush may hold it.
 */
export function prepareRequests(requests: AppendRequest[]): PreparedRequest[] {
  // An import's thousands of events share one metadata object: its JSON is made once.
  const metadataJson = new Map<unknown, string>();
  return requests.map((request) => {
    // Stream ids and types travel as quoted literals in the append's SQL, where a NUL would end the text.
    if (request.streamId.includes('\0')) throw new TypeError('a stream id cannot contain a NUL character');
    const seen = new Set<string>();
    const events = request.events.map((event): PreparedEvent => {
      if (!UUID.test(event.id)) throw new TypeError(`event id ${JSON.stringify(event.id)} is not a UUID`);
      if (event.type.includes('\0')) throw new TypeError('an event type cannot contain a NUL character');
      const id = event.id.toLowerCase();
      if (seen.has(id)) throw new DuplicateEventIdError(request.streamId, id, 'id repeated in the same request');
      seen.add(id);
      const data = event.json ?? JSON.stringify(event.data ?? null);
      let metadata = metadataJson.get(event.metadata);
      if (metadata === undefined) {
        metadata = JSON.stringify(event.metadata ?? {});
        metadataJson.set(event.metadata, metadata);
      }
      if (holdsNul(data) || holdsNul(metadata)) throw new TypeError(`event ${id} of ${request.streamId}: its data cannot hold a NUL character (\\u0000)`);
      return { id, type: event.type, version: event.version ?? 1, data, metadata };
    });
    const expected = request.expectedRevision;
    if (typeof expected === 'number' && (!Number.isSafeInteger(expected) || expected < 0)) {
      throw new TypeError(`expected revision ${expected} is not a non-negative integer`);
    }
    return { streamId: request.streamId, expectedRevision: expected, events };
  });
}

const JSON_NUL = /(?:^|[^\\])(?:\\\\)*\\u0000/;

/**
 * Whether JSON text holds a NUL character (`\u0000`, not an escaped backslash before 'u0000'): no
 * text column of a read model can store one, so it is refused before it reaches the log.
 */
function holdsNul(json: string): boolean {
  return json.includes('\\u0000') && JSON_NUL.test(json);
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
export function planJob(state: PlanState, requests: PreparedRequest[]): JobPlan {
  const streams = new Map<string, StreamHead>();
  const eventIds = new Map<string, StoredEventRef>();
  const rows: EventRow[] = [];
  const results: AppendResult[] = [];
  let head = state.head;
  const streamHead = (id: string) => streams.get(id) ?? state.streams.get(id) ?? { revision: -1, position: 0 };
  const storedEvent = (id: string) => eventIds.get(id) ?? state.eventIds.get(id);

  for (const { streamId, events, expectedRevision } of requests) {
    const ids = events.map((e) => e.id);
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
    for (const event of events) {
      revision += 1;
      head += 1;
      rows.push({ position: head, streamId, revision, eventId: event.id, type: event.type, version: event.version, data: event.data, metadata: event.metadata });
      eventIds.set(event.id, { streamId, revision, position: head });
    }
    streams.set(streamId, { revision, position: head });
    results.push({ streamId, nextRevision: revision, position: head });
  }

  state.head = head;
  for (const [id, value] of streams) state.streams.set(id, value);
  for (const [id, value] of eventIds) state.eventIds.set(id, value);
  return { ok: true, results, rows };
}
