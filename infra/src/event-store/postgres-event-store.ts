import pg from 'pg';
import type {
  AppendRequest,
  AppendResult,
  EventStore,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '../ports/event-store';
import { planJob, validateRequests, type EventRow, type PlanState } from './append-planner';
import { PollingSubscription } from './polling-subscription';
import { APPEND_LOCK_KEY, DEFAULT_NOTIFY_CHANNEL, EVENT_STORE_SCHEMA_SQL, MIGRATE_LOCK_KEY } from './postgres-schema';

export { DuplicateEventIdError } from './append-planner';

export interface PostgresEventStoreOptions {
  /** LISTEN/NOTIFY channel used to wake subscriptions. */
  notifyChannel?: string;
  /** Subscriptions poll this often when no notification arrives (lost NOTIFY, listener down). */
  pollIntervalMs?: number;
  /** Soft cap on events per group-commit transaction (a single larger call still goes alone). */
  maxEventsPerFlush?: number;
  /** End the pool on close() (set by connect(), which creates the pool). */
  ownsPool?: boolean;
}

interface Job {
  requests: AppendRequest[];
  resolve(results: AppendResult[]): void;
  reject(error: unknown): void;
}

const EVENT_COLUMNS = 'position, stream_id, revision, event_id, type, version, data, metadata, created_at';

interface EventDbRow {
  position: string;
  stream_id: string;
  revision: string;
  event_id: string;
  type: string;
  version: number;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  created_at: Date;
}

function toRecorded(row: EventDbRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    version: row.version,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    revision: Number(row.revision),
    position: Number(row.position),
    createdAt: row.created_at,
  };
}

/** SQLSTATE classes 22 (data exception) and 23 (integrity): caused by one job's data, not the flush. */
function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}

/**
 * EventStore on PostgreSQL.
 *
 * Global positions are assigned by the writer itself while holding a transaction-scoped advisory
 * lock, instead of a bigserial: sequence values are handed out at INSERT time but become visible at
 * COMMIT time, so concurrent transactions commit out of order (a reader could see 11 before 10 and
 * checkpoint past 10) and rolled-back ones leave gaps. Under the lock, each writer reads the head
 * (in a statement after the lock is granted, so its snapshot includes the previous holder's commit)
 * and the lock is only released after its own commit is visible: positions are gap-free and every
 * reader sees a contiguous prefix of the log, across processes too.
 *
 * That lock serializes all writers, so appends are group-committed: calls made while a transaction
 * is in flight are queued and written together by the next one (one lock, one multi-row INSERT).
 */
export class PostgresEventStore implements EventStore {
  private readonly channel: string;
  private readonly pollIntervalMs: number;
  private readonly maxEventsPerFlush: number;
  private queue: Job[] = [];
  private draining: Promise<void> | null = null;
  private readonly subscriptions = new Set<PollingSubscription>();
  private listener: pg.Client | null = null;
  private listenerStarting: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: PostgresEventStoreOptions = {},
  ) {
    this.channel = options.notifyChannel ?? DEFAULT_NOTIFY_CHANNEL;
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.maxEventsPerFlush = options.maxEventsPerFlush ?? 5_000;
  }

  /** A store on the caller's pool, with its tables created. */
  static async create(pool: pg.Pool, options: PostgresEventStoreOptions = {}): Promise<PostgresEventStore> {
    const store = new PostgresEventStore(pool, options);
    await store.migrate();
    return store;
  }

  /** A store with its own pool (ended by close()), with its tables created. */
  static async connect(
    connectionString: string,
    options: PostgresEventStoreOptions & { poolSize?: number } = {},
  ): Promise<PostgresEventStore> {
    const pool = new pg.Pool({ connectionString, max: options.poolSize ?? 4 });
    try {
      return await PostgresEventStore.create(pool, { ...options, ownsPool: true });
    } catch (error) {
      await pool.end();
      throw error;
    }
  }

  /** Creates the tables if missing; safe to run concurrently from several processes. */
  async migrate(): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT pg_advisory_xact_lock(${MIGRATE_LOCK_KEY})`);
      await client.query(EVENT_STORE_SCHEMA_SQL);
      await client.query('COMMIT');
      client.release();
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      client.release(true);
      throw error;
    }
  }

  async append(request: AppendRequest): Promise<AppendResult> {
    const [result] = await this.appendMany([request]);
    return result!;
  }

  appendMany(requests: AppendRequest[]): Promise<AppendResult[]> {
    if (this.closed) return Promise.reject(new Error('event store is closed'));
    if (requests.length === 0) return Promise.resolve([]);
    try {
      validateRequests(requests);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ requests, resolve, reject });
      this.draining ??= this.drain();
    });
  }

  private async drain(): Promise<void> {
    // Let calls made in the same tick join the first flush.
    await Promise.resolve();
    while (this.queue.length > 0) {
      let events = 0;
      let take = 0;
      while (take < this.queue.length && (take === 0 || events < this.maxEventsPerFlush)) {
        events += this.queue[take]!.requests.reduce((n, r) => n + r.events.length, 0);
        take += 1;
      }
      const jobs = this.queue.splice(0, take);
      await this.flush(jobs);
    }
    this.draining = null;
  }

  /** Writes `jobs` in one transaction; settles every job, never throws. */
  private async flush(jobs: Job[]): Promise<void> {
    let outcome: Array<{ ok: true; results: AppendResult[] } | { ok: false; error: unknown }>;
    try {
      outcome = await this.writeTransaction(jobs);
    } catch (error) {
      if (jobs.length > 1 && isDataError(error)) {
        // Some job carries data PostgreSQL refuses (e.g. \u0000 in jsonb): isolate it.
        for (const job of jobs) await this.flush([job]);
      } else {
        for (const job of jobs) job.reject(error);
      }
      return;
    }
    outcome.forEach((o, i) => (o.ok ? jobs[i]!.resolve(o.results) : jobs[i]!.reject(o.error)));
  }

  private async writeTransaction(jobs: Job[]) {
    const client = await this.pool.connect();
    try {
      // One round trip; the lock is granted before the next statement takes its snapshot.
      await client.query(`BEGIN; SELECT pg_advisory_xact_lock(${APPEND_LOCK_KEY})`);
      const state = await this.readPlanState(client, jobs);
      const rows: EventRow[] = [];
      const outcome = jobs.map((job) => {
        const plan = planJob(state, job.requests);
        if (plan.ok) rows.push(...plan.rows);
        return plan;
      });
      if (rows.length > 0) await this.insertRows(client, rows);
      await client.query('COMMIT');
      client.release();
      return outcome;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      client.release(!isDataError(error));
      throw error;
    }
  }

  private async readPlanState(client: pg.PoolClient, jobs: Job[]): Promise<PlanState> {
    const streamIds = new Set<string>();
    const eventIds = new Set<string>();
    for (const job of jobs) {
      for (const request of job.requests) {
        streamIds.add(request.streamId);
        for (const event of request.events) eventIds.add(event.id.toLowerCase());
      }
    }
    const { rows } = await client.query<{
      k: 's' | 'e' | 'h';
      stream_id: string | null;
      revision: string | null;
      position: string | null;
      event_id: string | null;
    }>(
      `SELECT 's' AS k, stream_id, revision, position, NULL::uuid AS event_id FROM es_streams WHERE stream_id = ANY($1::text[])
       UNION ALL
       SELECT 'e', stream_id, revision, position, event_id FROM es_events WHERE event_id = ANY($2::uuid[])
       UNION ALL
       SELECT 'h', NULL, NULL, max(position), NULL FROM es_events`,
      [[...streamIds], [...eventIds]],
    );
    const state: PlanState = { head: 0, streams: new Map(), eventIds: new Map() };
    for (const row of rows) {
      if (row.k === 'h') state.head = Number(row.position ?? 0);
      else if (row.k === 's') {
        state.streams.set(row.stream_id!, { revision: Number(row.revision), position: Number(row.position) });
      } else {
        state.eventIds.set(row.event_id!, {
          streamId: row.stream_id!,
          revision: Number(row.revision),
          position: Number(row.position),
        });
      }
    }
    return state;
  }

  private async insertRows(client: pg.PoolClient, rows: EventRow[]): Promise<void> {
    const streams = new Map<string, { revision: number; position: number }>();
    for (const row of rows) streams.set(row.streamId, { revision: row.revision, position: row.position });
    await client.query(
      `WITH ev AS (
         INSERT INTO es_events (position, stream_id, revision, event_id, type, version, data, metadata)
         SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::uuid[], $5::text[], $6::int[], $7::jsonb[], $8::jsonb[])
       ), st AS (
         INSERT INTO es_streams (stream_id, revision, position)
         SELECT * FROM unnest($9::text[], $10::bigint[], $11::bigint[])
         ON CONFLICT (stream_id) DO UPDATE SET revision = EXCLUDED.revision, position = EXCLUDED.position
       )
       SELECT pg_notify($12, $13)`,
      [
        rows.map((r) => r.position),
        rows.map((r) => r.streamId),
        rows.map((r) => r.revision),
        rows.map((r) => r.eventId),
        rows.map((r) => r.type),
        rows.map((r) => r.version),
        rows.map((r) => r.data),
        rows.map((r) => r.metadata),
        [...streams.keys()],
        [...streams.values()].map((s) => s.revision),
        [...streams.values()].map((s) => s.position),
        this.channel,
        String(rows[rows.length - 1]!.position),
      ],
    );
  }

  async readStream(streamId: string, options: { fromRevision?: number; maxCount?: number } = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventDbRow>(
      `SELECT ${EVENT_COLUMNS} FROM es_events WHERE stream_id = $1 AND revision >= $2 ORDER BY revision LIMIT $3`,
      [streamId, options.fromRevision ?? 0, options.maxCount ?? null],
    );
    return rows.map(toRecorded);
  }

  async readAll(after: number | null, maxCount: number): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventDbRow>(
      `SELECT ${EVENT_COLUMNS} FROM es_events WHERE position > $1 ORDER BY position LIMIT $2`,
      [after ?? 0, maxCount],
    );
    return rows.map(toRecorded);
  }

  async headPosition(): Promise<number> {
    const { rows } = await this.pool.query<{ head: string | null }>('SELECT max(position) AS head FROM es_events');
    return Number(rows[0]?.head ?? 0);
  }

  subscribeAll(
    after: number | null,
    handler: (events: RecordedEvent[]) => Promise<void>,
    options: SubscribeOptions & { onError?: (error: unknown) => void } = {},
  ): Subscription {
    if (this.closed) throw new Error('event store is closed');
    const subscription: PollingSubscription = new PollingSubscription(
      (from, max) => this.readAll(from, max),
      after,
      handler,
      {
        batchSize: options.batchSize ?? 500,
        pollIntervalMs: this.pollIntervalMs,
        coalesceMs: options.coalesceMs,
        onError: options.onError,
        onIdle: () => this.ensureListener(),
        onStopped: () => this.subscriptions.delete(subscription),
      },
    );
    this.subscriptions.add(subscription);
    this.ensureListener();
    return subscription;
  }

  /** One LISTEN connection per store wakes all its subscriptions; polling covers its absence. */
  private ensureListener(): void {
    if (this.listener || this.listenerStarting || this.closed || this.subscriptions.size === 0) return;
    const client = new pg.Client(this.pool.options);
    const drop = () => {
      if (this.listener === client) this.listener = null;
      client.end().catch(() => {});
    };
    client.on('error', drop);
    client.on('notification', (message) => {
      if (message.channel === this.channel) for (const s of this.subscriptions) s.wake();
    });
    this.listenerStarting = client
      .connect()
      .then(() => client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`))
      .then(() => {
        if (this.closed) return drop();
        this.listener = client;
        // Events committed while we were connecting sent no notification we could hear.
        for (const s of this.subscriptions) s.wake();
      })
      .catch(drop)
      .finally(() => {
        this.listenerStarting = null;
      });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.draining;
    await this.listenerStarting;
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => {});
    if (this.options.ownsPool) await this.pool.end();
  }
}
