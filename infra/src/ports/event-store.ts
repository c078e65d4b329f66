/** Event store port: append-only streams with a gap-free, commit-ordered global position. */

export interface EventMetadata {
  userId?: string;
  causationId?: string;
  correlationId?: string;
  [key: string]: unknown;
}

export interface NewEvent {
  /** Unique id (UUID). Appending an event whose id is already in the stream is a no-op (idempotent retry). */
  id: string;
  type: string;
  /** Schema version of `data`; old versions are upcast on read, never rewritten. Defaults to 1. */
  version?: number;
  data: unknown;
  /**
   * `data` as JSON text, when the caller has it already (an import decides its events' JSON beside
   * the event loop): stored as given, and `data` is then not read.
   */
  json?: string;
  metadata?: EventMetadata;
}

export interface RecordedEvent {
  id: string;
  type: string;
  version: number;
  data: unknown;
  metadata: EventMetadata;
  streamId: string;
  /** 0-based position of the event within its stream (the first event is revision 0). */
  revision: number;
  /** Global position in the log: strictly increasing in commit order. */
  position: number;
  createdAt: Date;
}

/** A number is the revision of the stream's last event (0 after one event). */
export type ExpectedRevision = number | 'any' | 'no_stream' | 'stream_exists';

export interface AppendRequest {
  streamId: string;
  events: NewEvent[];
  expectedRevision: ExpectedRevision;
}

export interface AppendResult {
  streamId: string;
  /** Revision of the last event now in the stream. */
  nextRevision: number;
  /** Global position of the last event written (or of the original write on an idempotent retry). */
  position: number;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`wrong expected revision on ${streamId}: expected ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface SubscribeOptions {
  /** Most events handed to one call of the handler. */
  batchSize?: number;
  /**
   * When idle and new events arrive, wait this long before reading them, so that under load
   * events are handled in batches rather than one transaction each. Adds at most this to lag.
   */
  coalesceMs?: number;
}

export interface EventStore {
  append(request: AppendRequest): Promise<AppendResult>;
  /**
   * Appends to many streams in one call (one round trip where the engine allows it).
   * PostgreSQL: all or nothing. EventStoreDB: each stream's append is atomic, in the given order.
   */
  appendMany(requests: AppendRequest[]): Promise<AppendResult[]>;
  /**
   * The revision of each stream's last event, for the streams of `streamIds` that exist (absent
   * ones are left out of the map): many streams checked in one call (an import asks which of
   * thousands of QSO ids are taken). A snapshot: a concurrent append may change it at once.
   */
  streamRevisions(streamIds: readonly string[]): Promise<Map<string, number>>;
  /** The stream's events in revision order; [] when the stream does not exist. */
  readStream(streamId: string, options?: { fromRevision?: number; maxCount?: number }): Promise<RecordedEvent[]>;
  /**
   * Events after `after` (exclusive; null means from the start) in commit order. Events read may
   * be shared with other readers of the same process (the log's tail is kept in memory): read-only.
   */
  readAll(after: number | null, maxCount: number): Promise<RecordedEvent[]>;
  /**
   * Delivers every event after `after` (exclusive), in commit order with no gaps, then keeps
   * delivering new ones as they are committed. The next batch is not delivered before the
   * handler's promise settles; a handler error stops the subscription and is passed to onError.
   */
  subscribeAll(
    after: number | null,
    handler: (events: RecordedEvent[]) => Promise<void>,
    options?: SubscribeOptions & { onError?: (error: unknown) => void },
  ): Subscription;
  /** Position of the last committed event, or 0 for an empty log. */
  headPosition(): Promise<number>;
  close(): Promise<void>;
}
