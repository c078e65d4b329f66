import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamRecordedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type JSONType,
  type Position,
  type ReadPosition,
  type RecordedEvent as EsdbRecordedEvent,
  type StreamingRead,
} from '@eventstore/db-client';
import {
  WrongExpectedRevisionError,
  type AppendRequest,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../ports/event-store';

export interface EventStoreDbEventStoreOptions {
  /** Dispose the client on close(); defaults to true when the store was given a connection string. */
  ownsClient?: boolean;
}

/** Stream look-ups of streamRevisions sent at once. */
const LOOKUPS_IN_FLIGHT = 32;

/** Metadata key carrying NewEvent.version; EventStoreDB has no field for it. */
const VERSION_KEY = 'hamlogSchemaVersion';

function toEventData(event: NewEvent) {
  return jsonEvent({
    id: event.id,
    type: event.type,
    data: (event.json !== undefined ? JSON.parse(event.json) : (event.data ?? null)) as JSONType,
    metadata: { ...event.metadata, [VERSION_KEY]: event.version ?? 1 },
  });
}

function toExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected);
}

const isSystem = (e: EsdbRecordedEvent) => e.type.startsWith('$') || e.streamId.startsWith('$');

/** $all positions are unique per event (commit == prepare for gRPC appends), so the commit position is ours. */
const toReadPosition = (position: number): Position => ({ commit: BigInt(position), prepare: BigInt(position) });

function fromPosition(position: Position | undefined): number {
  // Servers before 22.6 report no (or a max-ulong) position on stream reads.
  const commit = position?.commit;
  return commit !== undefined && commit <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(commit) : 0;
}

/** Iterates a read; leaving early cancels the server-side read (destroying the stream alone does not). */
async function* drain<T>(read: StreamingRead<T>): AsyncGenerator<T> {
  try {
    for await (const item of read) yield item;
  } finally {
    if (!read.readableEnded) await read.cancel().catch(() => {});
  }
}

function toRecorded(event: EsdbRecordedEvent): RecordedEvent {
  const raw = event.metadata;
  const meta: Record<string, unknown> =
    raw && typeof raw === 'object' && !Array.isArray(raw) && !(raw instanceof Uint8Array) ? raw : {};
  const { [VERSION_KEY]: version, ...metadata } = meta;
  return {
    id: event.id,
    type: event.type,
    version: typeof version === 'number' ? version : 1,
    data: event.data,
    metadata: metadata as EventMetadata,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: fromPosition(event.position),
    createdAt: event.created,
  };
}

/**
 * EventStore on EventStoreDB / KurrentDB. System events ($-prefixed types or streams) are hidden.
 * appendMany is NOT atomic across streams: each request is its own atomic append; requests are
 * pipelined, and requests to the same stream run one after the other in the given order.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly subscriptions = new Set<EsdbSubscription>();
  private readonly client: EventStoreDBClient;
  private readonly ownsClient: boolean;

  /** A connection string (e.g. `esdb://localhost:2113?tls=false`) makes a client that close() disposes. */
  constructor(client: EventStoreDBClient | string, options: EventStoreDbEventStoreOptions = {}) {
    const own = typeof client === 'string';
    this.client = own ? EventStoreDBClient.connectionString(client) : client;
    this.ownsClient = options.ownsClient ?? own;
  }

  static connect(connectionString: string): EventStoreDbEventStore {
    return new EventStoreDbEventStore(connectionString);
  }

  async append(request: AppendRequest): Promise<AppendResult> {
    const { streamId, events, expectedRevision } = request;
    try {
      const result = await this.client.appendToStream(streamId, events.map(toEventData), {
        expectedRevision: toExpected(expectedRevision),
      });
      const nextRevision = Number(result.nextExpectedRevision);
      // An idempotent retry is answered without a position: look up the original event's.
      const position =
        result.position !== undefined && result.position.commit >= 0n
          ? Number(result.position.commit)
          : await this.positionOf(streamId, nextRevision);
      return { streamId, nextRevision, position };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion === NO_STREAM ? 'no_stream' : Number(error.actualVersion);
        throw new WrongExpectedRevisionError(streamId, expectedRevision, actual);
      }
      throw error;
    }
  }

  private async positionOf(streamId: string, revision: number): Promise<number> {
    if (revision < 0) return 0;
    const [event] = await this.readStream(streamId, { fromRevision: revision, maxCount: 1 });
    return event?.position ?? 0;
  }

  async appendMany(requests: AppendRequest[]): Promise<AppendResult[]> {
    const lastForStream = new Map<string, Promise<AppendResult>>();
    const pending = requests.map((request) => {
      const previous = lastForStream.get(request.streamId);
      // A failed earlier request to the same stream fails the later ones too.
      const next = previous ? previous.then(() => this.append(request)) : this.append(request);
      lastForStream.set(request.streamId, next);
      return next;
    });
    const settled = await Promise.allSettled(pending);
    const failure = settled.find((s) => s.status === 'rejected');
    if (failure) throw failure.reason;
    return settled.map((s) => (s as PromiseFulfilledResult<AppendResult>).value);
  }

  /** One backwards read of one event per stream, a few dozen at a time (EventStoreDB has no batch look-up). */
  async streamRevisions(streamIds: readonly string[]): Promise<Map<string, number>> {
    const revisions = new Map<string, number>();
    const unique = [...new Set(streamIds)];
    let next = 0;
    const worker = async () => {
      while (next < unique.length) {
        const streamId = unique[next++]!;
        const revision = await this.lastRevision(streamId);
        if (revision !== null) revisions.set(streamId, revision);
      }
    };
    await Promise.all(Array.from({ length: Math.min(LOOKUPS_IN_FLIGHT, unique.length) }, worker));
    return revisions;
  }

  private async lastRevision(streamId: string): Promise<number | null> {
    try {
      for await (const resolved of drain(this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 }))) {
        if (resolved.event) return Number(resolved.event.revision);
      }
      return null;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return null;
      throw error;
    }
  }

  async readStream(streamId: string, options: { fromRevision?: number; maxCount?: number } = {}): Promise<RecordedEvent[]> {
    if (options.maxCount === 0) return [];
    const events: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamId, {
        fromRevision: BigInt(options.fromRevision ?? 0),
        ...(options.maxCount !== undefined ? { maxCount: options.maxCount } : {}),
      });
      for await (const resolved of read) if (resolved.event) events.push(toRecorded(resolved.event));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(after: number | null, maxCount: number): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    // Reading $all from a position includes the event at that position: skip up to `seen`.
    let seen: Position | null = after === null ? null : toReadPosition(after);
    let from: ReadPosition = seen ?? START;
    while (events.length < maxCount) {
      const pageSize = Math.max(maxCount - events.length + 1, 64);
      let count = 0;
      for await (const resolved of drain(this.client.readAll({ fromPosition: from, maxCount: pageSize }))) {
        count++;
        const event: AllStreamRecordedEvent | undefined = resolved.event;
        if (!event) continue;
        const p: Position = event.position;
        if (seen && (p.commit < seen.commit || (p.commit === seen.commit && p.prepare <= seen.prepare))) continue;
        seen = p;
        if (!isSystem(event)) events.push(toRecorded(event));
        if (events.length >= maxCount) break;
      }
      if (count < pageSize || !seen) break;
      from = seen;
    }
    return events;
  }

  async headPosition(): Promise<number> {
    let from: ReadPosition = END;
    for (;;) {
      let count = 0;
      let last: Position | undefined;
      for await (const resolved of drain(this.client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: 64 }))) {
        count++;
        if (!resolved.event) continue;
        if (!isSystem(resolved.event)) return Number(resolved.event.position.commit);
        last = resolved.event.position;
      }
      if (count < 64 || !last) return 0;
      from = last;
    }
  }

  subscribeAll(
    after: number | null,
    handler: (events: RecordedEvent[]) => Promise<void>,
    options: SubscribeOptions & { onError?: (error: unknown) => void } = {},
  ): Subscription {
    const stream = this.client.subscribeToAll({
      fromPosition: after === null ? START : toReadPosition(after),
      filter: excludeSystemEvents(),
    });
    const subscription: EsdbSubscription = new EsdbSubscription(stream, after, handler, {
      batchSize: options.batchSize ?? 500,
      onError: options.onError,
      onStopped: () => this.subscriptions.delete(subscription),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    if (this.ownsClient) await this.client.dispose();
  }
}

class EsdbSubscription implements Subscription {
  private stopped = false;
  private readonly done: Promise<void>;

  constructor(
    private readonly stream: AllStreamSubscription,
    after: number | null,
    private readonly handler: (events: RecordedEvent[]) => Promise<void>,
    private readonly options: { batchSize: number; onError?: (error: unknown) => void; onStopped(): void },
  ) {
    // Errors reach run() through the iterator; this keeps a late one (after stop) from being unhandled.
    stream.on('error', () => {});
    this.done = this.run(after === null ? -1n : BigInt(after));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.stream.unsubscribe().catch(() => {});
    // A cancelled gRPC call does not always end the piped stream: end the iteration ourselves.
    this.stream.destroy();
    await this.done;
  }

  private async run(after: bigint): Promise<void> {
    let batch: RecordedEvent[] = [];
    try {
      // The loop body awaits the handler, so no further event is pulled from the stream meanwhile.
      for await (const resolved of this.stream) {
        if (this.stopped) break;
        const event = resolved.event;
        // The start position is exclusive on the server already; the check guards resubscriptions.
        if (event && !isSystem(event) && event.position.commit > after) batch.push(toRecorded(event));
        // Deliver when full, or when nothing more is buffered right now.
        if (batch.length >= this.options.batchSize || (batch.length > 0 && this.stream.readableLength === 0)) {
          const delivering = batch;
          batch = [];
          await this.handler(delivering);
        }
      }
      if (!this.stopped) throw new Error('EventStoreDB subscription ended');
    } catch (error) {
      if (!this.stopped) {
        this.stopped = true;
        await this.stream.unsubscribe().catch(() => {});
        this.stream.destroy();
        if (this.options.onError) this.options.onError(error);
        else console.error('event store subscription stopped', error);
      }
    } finally {
      this.options.onStopped();
    }
  }
}
