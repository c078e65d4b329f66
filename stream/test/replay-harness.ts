/**
 * What the replay tests share (leaderboards-replay, stats-replay): a fresh event log with a QSO
 * history, the aggregates on the embedded default's PostgreSQL and, when CLICKHOUSE_URL is set, on
 * ClickHouse, each with the store the test reads over them; the stream consumer run over the whole
 * log; the log's QSO versions for the reference answers.
 */
import { randomBytes } from 'node:crypto';
import { createClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe } from 'vitest';
import { ClickHouseAggregates } from '@hamlog/infra/aggregates/clickhouse-aggregates';
import type { ClickHouseOptions } from '@hamlog/infra/aggregates/clickhouse-facts';
import { ident, sql } from '@hamlog/infra/aggregates/clickhouse-sql';
import { PostgresAggregates } from '@hamlog/infra/aggregates/postgres-aggregates';
import { storedCheckpoint } from '@hamlog/infra/checkpoints/highest-applied';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { InProcessMessageStream } from '@hamlog/infra/message-stream/in-process-message-stream';
import type { AggregatesStore, QsoFact } from '@hamlog/infra/ports/aggregates';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';
import { EventForwarder } from '../src/forwarder';
import { QSO_FACTS_CONSUMER, startQsoFactsConsumer } from '../src/qso-facts-consumer';
import { qsoFactsOfLog } from '../src/rebuild-aggregates';
import { appendQsoHistory, type Station } from './qso-history';

const clickhouseUrl = process.env.CLICKHOUSE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The aggregates the consumer records into, and the store a test reads over them (`R`). */
export interface ReplayEngine<R> {
  aggregates: AggregatesStore;
  reader: R;
  dispose(): Promise<void>;
}

/** One engine's run, set up before its tests (read it inside them). */
export interface Replay<R> {
  readonly pool: Pool;
  readonly store: PostgresEventStore;
  readonly engine: ReplayEngine<R>;
  readonly stations: Station[];
}

export interface ReplayOptions<R> {
  /** What is replayed, for the line that says ClickHouse is skipped ('the leaderboards replay'). */
  suite: string;
  /** Names the test databases (PostgreSQL's and ClickHouse's). */
  database: string;
  history: Parameters<typeof appendQsoHistory>[1];
  /** The store the test reads, on each engine. */
  readers: { postgres(pool: Pool): R; clickhouse(options: ClickHouseOptions): R & { close(): Promise<void> } };
}

/** A describe block per engine (`title` of its name), its tests declared by `tests` over the engine's run. */
export function describeReplay<R>(title: (engine: string) => string, options: ReplayOptions<R>, tests: (replay: Replay<R>) => void): void {
  if (!clickhouseUrl) console.log(`skipped: ${options.suite} on ClickHouse (set CLICKHOUSE_URL; scripts/clickhouse.sh start)`);
  const engines: [string, boolean, (pool: Pool) => ReplayEngine<R>][] = [
    ['PostgreSQL', false, (pool) => ({ aggregates: new PostgresAggregates(pool), reader: options.readers.postgres(pool), dispose: async () => {} })],
    [
      'ClickHouse',
      !clickhouseUrl,
      () => {
        const database = `hamlog_test_${options.database}_${randomBytes(4).toString('hex')}`;
        const aggregates = new ClickHouseAggregates({ url: clickhouseUrl!, database });
        const reader = options.readers.clickhouse({ url: clickhouseUrl!, database });
        return {
          aggregates,
          reader,
          async dispose() {
            await reader.close();
            await aggregates.close();
            const admin = createClient({ url: clickhouseUrl! });
            await admin.command({ query: sql`DROP DATABASE IF EXISTS ${ident(database)}`.text }).finally(() => admin.close());
          },
        };
      },
    ],
  ];
  for (const [name, skip, open] of engines) {
    describe.skipIf(skip)(title(name), () => {
      let db: TestDatabase;
      let pool: Pool;
      let store: PostgresEventStore;
      let engine: ReplayEngine<R>;
      let stations: Station[];

      beforeAll(async () => {
        db = await createTestDatabase(options.database);
        pool = createPool(db.url, 6);
        store = await PostgresEventStore.create(pool);
        stations = await appendQsoHistory(store, options.history);
        engine = open(pool);
        await engine.aggregates.migrate();
      }, 120_000);

      afterAll(async () => {
        await engine?.dispose();
        await store?.close();
        await pool?.end();
        await db?.drop();
      });

      tests({
        get pool() {
          return pool;
        },
        get store() {
          return store;
        },
        get engine() {
          return engine;
        },
        get stations() {
          return stations;
        },
      });
    });
  }
}

/** Runs the forwarder and the QSO facts consumer (in process) until the consumer reached the log's head, or a minute passed. */
export async function consumeLog({ store, pool, engine }: Replay<unknown>): Promise<void> {
  const stream = new InProcessMessageStream({ releaseConsumed: true });
  const forwarder = new EventForwarder(store, stream, pool, { durableStream: false, consumers: [QSO_FACTS_CONSUMER] });
  await forwarder.start();
  const consumer = await startQsoFactsConsumer(stream, engine.aggregates, pool);
  const head = await store.headPosition();
  const deadline = Date.now() + 60_000;
  while (((await storedCheckpoint(pool, QSO_FACTS_CONSUMER)) ?? 0) < head && Date.now() < deadline) await sleep(50);
  await forwarder.stop();
  await consumer.stop();
  await stream.close();
}

/** Every QSO version of the event log, as the consumer records them. */
export async function versionsOfLog(store: PostgresEventStore): Promise<QsoFact[]> {
  const versions: QsoFact[] = [];
  for await (const facts of qsoFactsOfLog(store)) versions.push(...facts);
  return versions;
}
