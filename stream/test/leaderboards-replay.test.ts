/**
 * The leaderboards the stream consumer builds are the leaderboards the event log answers, and a
 * rebuild from the log (drop the aggregates, record every QSO event again) gives them back the
 * same: on the embedded default's PostgreSQL and, when CLICKHOUSE_URL is set, on ClickHouse.
 */
import { randomBytes } from 'node:crypto';
import { createClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentQsos, leaderboardPeriods, leaderboardQuery, leaderboardsAnswer, topUsersOf, type LeaderboardsAnswer } from '@hamlog/domain';
import { ClickHouseAggregates } from '@hamlog/infra/aggregates/clickhouse-aggregates';
import { ClickHouseLeaderboards } from '@hamlog/infra/aggregates/clickhouse-leaderboards';
import { ident, sql } from '@hamlog/infra/aggregates/clickhouse-sql';
import { PostgresAggregates } from '@hamlog/infra/aggregates/postgres-aggregates';
import { PostgresLeaderboards } from '@hamlog/infra/aggregates/postgres-leaderboards';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { InProcessMessageStream } from '@hamlog/infra/message-stream/in-process-message-stream';
import type { AggregatesStore, QsoFact } from '@hamlog/infra/ports/aggregates';
import type { LeaderboardsStore } from '@hamlog/infra/ports/leaderboards';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';
import { EventForwarder } from '../src/forwarder';
import { readPosition } from '../src/positions';
import { QSO_FACTS_CONSUMER, startQsoFactsConsumer } from '../src/qso-facts-consumer';
import { leaderboardsOfLog, qsoFactsOfLog, rebuildAggregates } from '../src/rebuild-aggregates';
import { appendQsoHistory, type Station } from './qso-history';

const clickhouseUrl = process.env.CLICKHOUSE_URL;
if (!clickhouseUrl) console.log('skipped: the leaderboards replay on ClickHouse (set CLICKHOUSE_URL; scripts/clickhouse.sh start)');

const NOW = new Date();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Engine {
  aggregates: AggregatesStore;
  leaderboards: LeaderboardsStore;
  dispose(): Promise<void>;
}

const engines: [string, boolean, (pool: Pool) => Promise<Engine>][] = [
  [
    'PostgreSQL',
    false,
    async (pool) => ({ aggregates: new PostgresAggregates(pool), leaderboards: new PostgresLeaderboards(pool), dispose: async () => {} }),
  ],
  [
    'ClickHouse',
    !clickhouseUrl,
    async () => {
      const database = `hamlog_test_lbreplay_${randomBytes(4).toString('hex')}`;
      const aggregates = new ClickHouseAggregates({ url: clickhouseUrl!, database });
      const leaderboards = new ClickHouseLeaderboards({ url: clickhouseUrl!, database });
      return {
        aggregates,
        leaderboards,
        async dispose() {
          await leaderboards.close();
          await aggregates.close();
          const admin = createClient({ url: clickhouseUrl! });
          await admin.command({ query: sql`DROP DATABASE IF EXISTS ${ident(database)}`.text }).finally(() => admin.close());
        },
      };
    },
  ],
];

for (const [name, skip, open] of engines) {
  describe.skipIf(skip)(`leaderboards replay on ${name}: the consumer's answer, the event log's answer and a rebuild's answer are one`, () => {
    let db: TestDatabase;
    let pool: Pool;
    let store: PostgresEventStore;
    let engine: Engine;
    let stations: Station[];

    beforeAll(async () => {
      db = await createTestDatabase('lbreplay');
      pool = createPool(db.url, 6);
      store = await PostgresEventStore.create(pool);
      stations = await appendQsoHistory(store, { qsos: 3_000, stations: 25, now: NOW, seed: 5 });
      engine = await open(pool);
      await engine.aggregates.migrate();
    }, 120_000);

    afterAll(async () => {
      await engine?.dispose();
      await store?.close();
      await pool?.end();
      await db?.drop();
    });

    const boards = async (excluded: string[]): Promise<LeaderboardsAnswer> =>
      leaderboardsAnswer(await engine.leaderboards.leaderboards(leaderboardQuery(NOW, excluded)), NOW);

    it('builds the boards through the stream consumer, equal to the query over the event log', async () => {
      const stream = new InProcessMessageStream({ releaseConsumed: true });
      const forwarder = new EventForwarder(store, stream, pool, { durableStream: false, consumers: [QSO_FACTS_CONSUMER] });
      await forwarder.start();
      const consumer = await startQsoFactsConsumer(stream, engine.aggregates, pool);
      const head = await store.headPosition();
      const deadline = Date.now() + 60_000;
      while (((await readPosition(pool, QSO_FACTS_CONSUMER)) ?? 0) < head && Date.now() < deadline) await sleep(50);
      await forwarder.stop();
      await consumer.stop();
      await stream.close();

      const excluded = stations.slice(0, 3).map((s) => s.userId);
      for (const without of [[], excluded]) {
        const answer = await boards(without);
        expect(answer).toEqual(await leaderboardsOfLog(store, NOW, without));
        expect(answer.lb3.length).toBeGreaterThan(5);
        expect(answer.lb_hot_now_2.length).toBeGreaterThan(0);
      }
    }, 120_000);

    it('drops the aggregates and rebuilds them from the log: the same answer as before and as the log', async () => {
      const before = await boards([]);
      await engine.aggregates.reset();
      expect((await boards([])).lb3).toEqual([]);

      const done = await rebuildAggregates(store, engine.aggregates, { batchSize: 700 });
      expect(done.head).toBe(await store.headPosition());
      const after = await boards([]);
      expect(after).toEqual(before);
      expect(after).toEqual(await leaderboardsOfLog(store, NOW, []));

      const versions: QsoFact[] = [];
      for await (const facts of qsoFactsOfLog(store)) versions.push(...facts);
      expect(done.facts).toBe(versions.length);
      const today = leaderboardPeriods(NOW).today;
      expect(await engine.leaderboards.topUsers(today, [], 3)).toEqual(topUsersOf(currentQsos(versions), today, [], 3));
    }, 120_000);
  });
}
