import pg from 'pg';
import type {
  AppendRequest,
  AppendResult,
  EventStore,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '../ports/event-store';
import { planJob, prepareRequests, type EventRow, type JobPlan, type PlanState, type PreparedRequest } from './append-planner';
import { copyIn, copyText } from '../postgres/copy-in';
import { quoteLiteral } from '../postgres/sql-literal';
import { survivingRestarts } from '../postgres/pool';
import { PollingSubscription } from './polling-subscription';
import { RecentEvents } from './recent-events';
import { APPEND_LOCK_KEY, DEFAULT_NOTIFY_CHANNEL, EVENT_STORE_SCHEMA_SQL, MIGRATE_LOCK_KEY } from './postgres-schema';

export { DuplicateEventIdError } from './append-planner';

export interface PostgresEventStoreOptions {
  /** LISTEN/NOTIFY channel used to wake subscriptions. */
  notifyChannel?: string;
  /** Subscriptions poll this often when no notification arrives (lost NOTIFY, listener down). */
  pollIntervalMs?: number;
  /** Soft cap on events per group-commit transaction (a single larger call still goes alone). */
  maxEventsPerFlush?: number;
  /** A flush of at least this many events is written with COPY (default 500); smaller ones travel with the COMMIT. */
  copyMinEvents?: number;
  /**
   * How much of the events this store committed last it keeps (bytes of their JSON, default
   * 32 MiB; 0 keeps none), so that reads of the log's tail (the projectors', the forwarder's) are
   * answered without reading back what was just written.
   */
  recentEventsBytes?: number;
  /** End the pool on close() (set by connect(), which creates the pool). */
  ownsPool?: boolean;
}

interface Job {
  requests: PreparedRequest[];
  events: number;
  /** A big job (an import's chunk) lets the small ones queued behind it go first, once. */
  overtaken?: boolean;
  resolve(results: AppendResult[]): void;
  reject(error: unknown): void;
}

/** A flush whose transaction holds the append lock, with the state its jobs are planned against. */
interface OpenFlush extends LockedState {
  client: pg.PoolClient;
  jobs: Job[];
}

interface LockedState {
  state: PlanState;
  /** The transaction's time: its events' created_at. */
  at: Date;
}

interface PlanStateRow {
  k: 's' | 'e' | 'h';
  stream_id: string | null;
  revision: string | null;
  position: string | null;
  event_id: string | null;
  at: Date | null;
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

/** Above this many stream and event ids, a flush reads its plan state with array parameters. */
const BIG_STATE_IDS = 2_000;

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
  private readonly copyMinEvents: number;
  private readonly recent: RecentEvents;
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
    this.copyMinEvents = options.copyMinEvents ?? 500;
    this.recent = new RecentEvents(options.recentEventsBytes ?? 32 * 1024 * 1024);
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
    const pool = survivingRestarts(new pg.Pool({ connectionString, max: options.poolSize ?? 4 }));
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
    let prepared: PreparedRequest[];
    try {
      prepared = prepareRequests(requests);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ requests: prepared, events: prepared.reduce((n, r) => n + r.events.length, 0), resolve, reject });
      this.draining ??= this.drain();
    });
  }

  private async drain(): Promise<void> {
    // Let calls made in the same tick join the first flush.
    await Promise.resolve();
    let open: OpenFlush | null = null;
    while (open || this.queue.length > 0) {
      open ??= await this.begin(this.takeJobs());
      if (open) open = await this.finish(open, { reopen: true });
    }
    this.draining = null;
  }

  /**
   * The queued jobs for one flush: all of them, up to the soft cap on events. Small jobs (a logged
   * QSO) queued behind a big one (an import's chunk) go first, once, so they wait for one big flush
   * at most, not for every chunk of an import; calls made at the same time have no order anyway.
   */
  private takeJobs(): Job[] {
    const head = this.queue[0];
    if (head && head.events >= this.copyMinEvents && !head.overtaken && this.queue.some((job) => job.events < this.copyMinEvents)) {
      head.overtaken = true;
      const small = this.queue.filter((job) => job.events < this.copyMinEvents);
      this.queue = this.queue.filter((job) => job.events >= this.copyMinEvents);
      return small;
    }
    let events = 0;
    let take = 0;
    while (take < this.queue.length && (take === 0 || events < this.maxEventsPerFlush)) {
      events += this.queue[take]!.events;
      take += 1;
    }
    return this.queue.splice(0, take);
  }

  /** Opens a flush's transaction: lock and plan state in one round trip. Null (jobs rejected) on failure. */
  private async begin(jobs: Job[]): Promise<OpenFlush | null> {
    let client: pg.PoolClient | null = null;
    try {
      client = await this.pool.connect();
      return { client, jobs, ...(await this.lockAndReadState(client, 'BEGIN', jobs)) };
    } catch (error) {
      await client?.query('ROLLBACK').catch(() => {});
      client?.release(true);
      await this.failed(jobs, error);
      return null;
    }
  }

  /** Rejects the jobs of a flush that failed; a data error is one job's own, so the others go alone. */
  private async failed(jobs: Job[], error: unknown): Promise<void> {
    if (jobs.length > 1 && isDataError(error)) {
      for (const job of jobs) await this.flushAlone(job);
    } else {
      for (const job of jobs) job.reject(error);
    }
  }

  /**
   * Writes an open flush and commits it in one round trip. With `reopen` and jobs waiting, the same
   * round trip opens the next flush (lock and plan state): under load a flush costs one round trip.
   * Settles every job; never throws. Answers the next open flush, if any.
   */
  private async finish({ client, jobs, state, at }: OpenFlush, options: { reopen: boolean }): Promise<OpenFlush | null> {
    const rows: EventRow[] = [];
    const outcome = jobs.map((job) => {
      const plan = planJob(state, job.requests);
      if (plan.ok) rows.push(...plan.rows);
      return plan;
    });
    // One round trip: the rows, the COMMIT and, with jobs waiting, the next flush's lock and state.
    const next = options.reopen && this.queue.length > 0 ? this.takeJobs() : null;
    let nextState: LockedState | null = null;
    try {
      let commit = 'COMMIT';
      if (rows.length >= this.copyMinEvents) commit = `${await this.copyRows(client, rows)}; COMMIT`;
      else if (rows.length > 0) commit = `${this.insertSql(rows)}; COMMIT`;
      if (next) nextState = await this.lockAndReadState(client, `${commit}; BEGIN`, next);
      else await client.query(commit);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      client.release(true);
      if (next) this.queue.unshift(...next);
      // The error may have come after the COMMIT (in the next flush's part): look before answering.
      if (rows.length > 0 && (await this.isWritten(rows[0]!.eventId))) this.settle(jobs, outcome);
      else if (rows.length === 0) this.settle(jobs, outcome);
      else await this.failed(jobs, error); // e.g. one job's data PostgreSQL refuses
      return null;
    }
    this.committed(rows, at);
    this.settle(jobs, outcome);
    if (next && nextState) return { client, jobs: next, ...nextState };
    client.release();
    return null;
  }

  /** A flush is in the log: its events are kept for the log's readers, who are woken without waiting for the NOTIFY. */
  private committed(rows: EventRow[], at: Date): void {
    if (rows.length === 0) return;
    this.recent.add(rows, at);
    for (const s of this.subscriptions) s.wake();
  }

  private settle(jobs: Job[], outcome: JobPlan[]): void {
    outcome.forEach((o, i) => (o.ok ? jobs[i]!.resolve(o.results) : jobs[i]!.reject(o.error)));
  }

  private async flushAlone(job: Job): Promise<void> {
    const open = await this.begin([job]);
    if (open) await this.finish(open, { reopen: false });
  }

  /** After a failed COMMIT round trip: did the events get written after all? */
  private async isWritten(eventId: string): Promise<boolean> {
    const { rows } = await this.pool.query('SELECT 1 FROM es_events WHERE event_id = $1', [eventId]).catch(() => ({ rows: [] }));
    return rows.length > 0;
  }

  /**
   * Sends `prefix` (BEGIN, or COMMIT; BEGIN), takes the append lock and reads the plan state in one
   * round trip. The state query is a statement after the lock's, so its snapshot includes the
   * previous holder's commit; its ids travel as quoted literals, as a multi-statement query takes
   * no parameters.
   */
  private async lockAndReadState(client: pg.PoolClient, prefix: string, jobs: Job[]): Promise<LockedState> {
    const streamIds = new Set<string>();
    const eventIds = new Set<string>();
    for (const job of jobs) {
      for (const request of job.requests) {
        streamIds.add(request.streamId);
        for (const event of request.events) eventIds.add(event.id);
      }
    }
    const lock = `${prefix}; SELECT pg_advisory_xact_lock(${APPEND_LOCK_KEY})`;
    const stateSql = (streams: string, events: string) =>
      `SELECT 's' AS k, stream_id, revision, position, NULL::uuid AS event_id, NULL::timestamptz AS at FROM es_streams WHERE stream_id = ANY(${streams}::text[])
       UNION ALL
       SELECT 'e', stream_id, revision, position, event_id, NULL FROM es_events WHERE event_id = ANY(${events}::uuid[])
       UNION ALL
       SELECT 'h', NULL, NULL, max(position), NULL, now() FROM es_events`;
    let rows: PlanStateRow[];
    if (streamIds.size + eventIds.size <= BIG_STATE_IDS) {
      const list = (values: Set<string>) => `ARRAY[${[...values].map(quoteLiteral).join(',')}]`;
      const results = (await client.query(`${lock}; ${stateSql(list(streamIds), list(eventIds))}`)) as unknown as pg.QueryResult<PlanStateRow>[];
      rows = results[results.length - 1]!.rows;
    } else {
      // An import's chunk: thousands of ids cost PostgreSQL less as two array parameters than as literals to parse.
      await client.query(lock);
      rows = (await client.query<PlanStateRow>(stateSql('$1', '$2'), [[...streamIds], [...eventIds]])).rows;
    }
    const state: PlanState = { head: 0, streams: new Map(), eventIds: new Map() };
    let at = new Date();
    for (const row of rows) {
      if (row.k === 'h') {
        state.head = Number(row.position ?? 0);
        if (row.at) at = row.at;
      } else if (row.k === 's') {
        state.streams.set(row.stream_id!, { revision: Number(row.revision), position: Number(row.position) });
      } else {
        state.eventIds.set(row.event_id!, {
          streamId: row.stream_id!,
          revision: Number(row.revision),
          position: Number(row.position),
        });
      }
    }
    return { state, at };
  }

  /**
   * The rows and their streams' heads as one statement of quoted literals (it travels with the
   * COMMIT in one multi-statement query, which takes no parameters). Numbers come from the planner,
   * ids are checked UUIDs, and stream ids, types and JSON are quoted by the driver.
   */
  private insertSql(rows: EventRow[]): string {
    const q = quoteLiteral;
    const int = (n: number) => {
      if (!Number.isSafeInteger(n)) throw new TypeError(`not an integer: ${n}`);
      return String(n);
    };
    const streams = new Map<string, { revision: number; position: number }>();
    for (const row of rows) streams.set(row.streamId, { revision: row.revision, position: row.position });
    const events = rows.map(
      (r) => `(${int(r.position)},${q(r.streamId)},${int(r.revision)},${q(r.eventId)}::uuid,${q(r.type)},${int(r.version)},${q(r.data)},${q(r.metadata)})`,
    );
    const heads = [...streams].map(([id, h]) => `(${q(id)},${int(h.revision)},${int(h.position)})`);
    return `WITH ev AS (
         INSERT INTO es_events (position, stream_id, revision, event_id, type, version, data, metadata) VALUES ${events.join(',')}
       ), st AS (
         INSERT INTO es_streams (stream_id, revision, position) VALUES ${heads.join(',')}
         ON CONFLICT (stream_id) DO UPDATE SET revision = EXCLUDED.revision, position = EXCLUDED.position
       )
       SELECT pg_notify(${q(this.channel)}, ${q(String(rows[rows.length - 1]!.position))})`;
  }

  /**
   * A big flush (an import's chunk): the events by COPY, the streams' heads in one statement with
   * arrays, each a round trip of its own, which a flush this size pays for many times over. Answers
   * the statement that announces the flush, to travel with its COMMIT.
   */
  private async copyRows(client: pg.PoolClient, rows: EventRow[]): Promise<string> {
    const lines = rows.map(
      (r) => `${r.position}\t${copyText(r.streamId)}\t${r.revision}\t${r.eventId}\t${copyText(r.type)}\t${r.version}\t${copyText(r.data)}\t${copyText(r.metadata)}\n`,
    );
    await copyIn(client, 'COPY es_events (position, stream_id, revision, event_id, type, version, data, metadata) FROM STDIN', lines.join(''));
    // Each stream's head: a stream whose first event is in this flush is new (COPY); the others move (upsert).
    const heads = new Map<string, { first: EventRow; last: EventRow }>();
    for (const row of rows) {
      const head = heads.get(row.streamId);
      if (head) head.last = row;
      else heads.set(row.streamId, { first: row, last: row });
    }
    const created: string[] = [];
    const moved: EventRow[] = [];
    for (const { first, last } of heads.values()) {
      if (first.revision === 0) created.push(`${copyText(last.streamId)}\t${last.revision}\t${last.position}\n`);
      else moved.push(last);
    }
    if (created.length > 0) await copyIn(client, 'COPY es_streams (stream_id, revision, position) FROM STDIN', created.join(''));
    if (moved.length > 0) {
      await client.query(
        `INSERT INTO es_streams (stream_id, revision, position) SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[])
         ON CONFLICT (stream_id) DO UPDATE SET revision = EXCLUDED.revision, position = EXCLUDED.position`,
        [moved.map((r) => r.streamId), moved.map((r) => r.revision), moved.map((r) => r.position)],
      );
    }
    return `SELECT pg_notify(${quoteLiteral(this.channel)}, ${quoteLiteral(String(rows[rows.length - 1]!.position))})`;
  }

  async streamRevisions(streamIds: readonly string[]): Promise<Map<string, number>> {
    const revisions = new Map<string, number>();
    if (streamIds.length === 0) return revisions;
    const { rows } = await this.pool.query<{ stream_id: string; revision: number }>(
      'SELECT stream_id, revision FROM es_streams WHERE stream_id = ANY($1::text[])',
      [streamIds],
    );
    for (const row of rows) revisions.set(row.stream_id, Number(row.revision));
    return revisions;
  }

  async readStream(streamId: string, options: { fromRevision?: number; maxCount?: number } = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventDbRow>(
      `SELECT ${EVENT_COLUMNS} FROM es_events WHERE stream_id = $1 AND revision >= $2 ORDER BY revision LIMIT $3`,
      [streamId, options.fromRevision ?? 0, options.maxCount ?? null],
    );
    return rows.map(toRecorded);
  }

  async readAll(after: number | null, maxCount: number): Promise<RecordedEvent[]> {
    const recent = this.recent.read(after ?? 0, maxCount);
    if (recent) return recent;
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
    this.recent.clear();
    if (this.options.ownsPool) await this.pool.end();
  }
}
