/**
 * The leaderboards on real Kafka and ClickHouse survive a consumer killed mid-batch: four child
 * consumers each die (SIGKILL) inside a batch, before its offsets are committed, at a different
 * step of recording it; a last consumer in this process also fails one batch once (redelivered
 * in place). Then every list equals the same lists computed by a query over the event log alone.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createClient } from '@clickhouse/client';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentQsos, leaderboardPeriods, leaderboardQuery, leaderboardsAnswer, topUsersOf, type LeaderboardsAnswer } from '@hamlog/domain';
import { ClickHouseAggregates } from '@hamlog/infra/aggregates/clickhouse-aggregates';
import { ClickHouseLeaderboards } from '@hamlog/infra/aggregates/clickhouse-leaderboards';
import { ident, sql } from '@hamlog/infra/aggregates/clickhouse-sql';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { KafkaMessageStream } from '@hamlog/infra/message-stream/kafka-message-stream';
import type { QsoFact } from '@hamlog/infra/ports/aggregates';
import type { ConsumerHandle } from '@hamlog/infra/ports/message-stream';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';
import { EventForwarder } from '../src/forwarder';
import { QSO_FACTS_CONSUMER, qsoFactsGroupId, startQsoFactsConsumer } from '../src/qso-facts-consumer';
import { leaderboardsOfLog, qsoFactsOfLog } from '../src/rebuild-aggregates';
import { stationEventsTopic } from '../src/station-events';
import { afterEachRecord } from './after-each-record';
import { appendQsoHistory, type Station } from './qso-history';

const kafkaBrokers = process.env.KAFKA_BROKERS;
const clickhouseUrl = process.env.CLICKHOUSE_URL;
const engines = Boolean(kafkaBrokers && clickhouseUrl);
if (!engines) {
  if (process.env.CI === 'true') throw new Error('CI needs KAFKA_BROKERS and CLICKHOUSE_URL for the leaderboards crash test');
  console.log('skipped: leaderboards crash safety on Kafka and ClickHouse (set KAFKA_BROKERS and CLICKHOUSE_URL; scripts/kafka.sh start, scripts/clickhouse.sh start)');
}

const fixture = fileURLToPath(new URL('./fixtures/crashing-qso-facts-consumer.ts', import.meta.url));
const NOW = new Date();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!engines)('leaderboards on Kafka and ClickHouse: a consumer killed mid-batch double-counts nothing', () => {
  const run = randomBytes(4).toString('hex');
  const database = `hamlog_test_lbcrash_${run}`;
  const namespace = process.env.STREAM_NAMESPACE;
  let db: TestDatabase;
  let pool: Pool;
  let store: PostgresEventStore;
  let stations: Station[];

  beforeAll(async () => {
    process.env.STREAM_NAMESPACE = `test-lbcrash-${run}`;
    db = await createTestDatabase('lbcrash');
    pool = createPool(db.url, 4);
    store = await PostgresEventStore.create(pool);
    stations = await appendQsoHistory(store, { qsos: 4_000, stations: 40, now: NOW, seed: 11 });
    // Everything on the topic first, so the consumers below see many batches waiting.
    const stream = new KafkaMessageStream({ brokers: kafkaBrokers!.split(','), clientId: 'lb-crash-forwarder' });
    const forwarder = new EventForwarder(store, stream, pool, { durableStream: true, consumers: [QSO_FACTS_CONSUMER] });
    await forwarder.start();
    const head = await store.headPosition();
    while (forwarder.position < head) await sleep(50);
    await forwarder.stop();
    await stream.close();
  }, 120_000);

  afterAll(async () => {
    const admin = createClient({ url: clickhouseUrl! });
    await admin.command({ query: sql`DROP DATABASE IF EXISTS ${ident(database)}`.text }).finally(() => admin.close());
    await store?.close();
    await pool?.end();
    await db?.drop();
    if (namespace === undefined) delete process.env.STREAM_NAMESPACE;
    else process.env.STREAM_NAMESPACE = namespace;
  });

  /**
   * Committed offsets of the consumer group against the topic's end: messages not yet handled.
   * A fresh broker answers NOT_COORDINATOR while it sets up the offsets topic: asked again.
   */
  async function lag(): Promise<number> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await lagOnce();
      } catch (error) {
        if (!(error as { retriable?: boolean }).retriable || attempt >= 50) throw error;
        await sleep(200);
      }
    }
  }

  async function lagOnce(): Promise<number> {
    const admin = new Kafka({ brokers: kafkaBrokers!.split(','), logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      const ends = await admin.fetchTopicOffsets(stationEventsTopic());
      const [committed] = await admin.fetchOffsets({ groupId: qsoFactsGroupId(), topics: [stationEventsTopic()] });
      return ends.reduce((sum, end) => {
        const done = Number(committed?.partitions.find((p) => p.partition === end.partition)?.offset ?? -1);
        return sum + Number(end.high) - Math.max(done, Number(end.low));
      }, 0);
    } finally {
      await admin.disconnect();
    }
  }

  async function crashOnce(crashAt: string): Promise<number> {
    const before = await lag();
    const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, CRASH_AT: crashAt, CRASH_BATCH: '2', DATABASE_URL: db.url, CLICKHOUSE_URL: clickhouseUrl, CLICKHOUSE_DATABASE: database },
    });
    const exit = await new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
    expect(exit, `the child crashing at ${crashAt}`).toBe('SIGKILL');
    const after = await lag();
    expect(after, 'some batches were committed before the kill, some are left').toBeLessThan(before);
    expect(after).toBeGreaterThan(0);
    return after;
  }

  const boards = async (leaderboards: ClickHouseLeaderboards, excluded: string[]): Promise<LeaderboardsAnswer> =>
    leaderboardsAnswer(await leaderboards.leaderboards(leaderboardQuery(NOW, excluded)), NOW);

  it('kills four consumers at different steps of a batch, resumes, and answers what the event log answers', async () => {
    for (const step of ['by-time', 'day-counts', 'latest', 'recorded']) await crashOnce(step);

    // The last consumer fails once after recording a batch: the batch comes again in place.
    const aggregates = new ClickHouseAggregates({ url: clickhouseUrl!, database });
    await aggregates.migrate();
    let failedOnce = false;
    const failing = afterEachRecord(aggregates, () => {
      if (failedOnce) return;
      failedOnce = true;
      throw new Error('injected: recorded, but failed before the commit');
    });
    const stream = new KafkaMessageStream({ brokers: kafkaBrokers!.split(','), clientId: 'lb-crash-last', sessionTimeoutMs: 6_000, onHandlerError: () => {} });
    let consumer: ConsumerHandle | undefined;
    const leaderboards = new ClickHouseLeaderboards({ url: clickhouseUrl!, database });
    try {
      consumer = await startQsoFactsConsumer(stream, failing, pool);
      const deadline = Date.now() + 90_000;
      while ((await lag()) > 0 && Date.now() < deadline) await sleep(250);
      expect(await lag()).toBe(0);
      expect(failedOnce).toBe(true);
    } finally {
      await consumer?.stop();
      await stream.close();
    }

    const excluded = stations.slice(0, 4).map((s) => s.userId);
    for (const without of [[], excluded]) {
      const answer = await boards(leaderboards, without);
      expect(answer).toEqual(await leaderboardsOfLog(store, NOW, without));
      expect(answer.lb3.length).toBeGreaterThan(5);
      expect(answer.lb_hot_now_1.length).toBeGreaterThan(5);
    }
    // After ClickHouse merges what it merges eventually, still the same.
    const admin = createClient({ url: clickhouseUrl! });
    for (const table of ['lb_qso_by_time', 'lb_qso_latest', 'lb_days', 'lb_months']) {
      await admin.command({ query: sql`OPTIMIZE TABLE ${ident(database)}.${ident(table)} FINAL`.text });
    }
    await admin.close();
    expect(await boards(leaderboards, [])).toEqual(await leaderboardsOfLog(store, NOW, []));
    // The operators of the day too.
    const versions: QsoFact[] = [];
    for await (const facts of qsoFactsOfLog(store)) versions.push(...facts);
    const today = leaderboardPeriods(NOW).today;
    expect(await leaderboards.topUsers(today, excluded, 5)).toEqual(topUsersOf(currentQsos(versions), today, excluded, 5));
    await leaderboards.close();
    await aggregates.close();
  }, 240_000);
});
