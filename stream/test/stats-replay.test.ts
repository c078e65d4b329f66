/**
 * The statistics counters the stream consumer keeps are what the event log answers (every QSO
 * event folded by the domain), and a rebuild from the log (npm run rebuild:aggregates: drop the
 * aggregates, record every QSO event again) gives them back the same: on the embedded default's
 * PostgreSQL and, when CLICKHOUSE_URL is set, on ClickHouse. The history has edits of time and
 * mode, deletes, restores and edits after restores.
 */
import { randomBytes } from 'node:crypto';
import { createClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentQsos, stationStatsCountsOf, type StationStatsCount } from '@hamlog/domain';
import { ClickHouseAggregates } from '@hamlog/infra/aggregates/clickhouse-aggregates';
import { ident, sql } from '@hamlog/infra/aggregates/clickhouse-sql';
import { ClickHouseStationStats } from '@hamlog/infra/aggregates/clickhouse-station-stats';
import { PostgresAggregates } from '@hamlog/infra/aggregates/postgres-aggregates';
import { PostgresStationStats } from '@hamlog/infra/aggregates/postgres-station-stats';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { InProcessMessageStream } from '@hamlog/infra/message-stream/in-process-message-stream';
import type { AggregatesStore, QsoFact } from '@hamlog/infra/ports/aggregates';
import type { StationStatsStore } from '@hamlog/infra/ports/station-stats';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';
import { EventForwarder } from '../src/forwarder';
import { readPosition } from '../src/positions';
import { QSO_FACTS_CONSUMER, startQsoFactsConsumer } from '../src/qso-facts-consumer';
import { qsoFactsOfLog, rebuildAggregates } from '../src/rebuild-aggregates';
import { appendQsoHistory, type Station } from './qso-history';

const clickhouseUrl = process.env.CLICKHOUSE_URL;
if (!clickhouseUrl) console.log('skipped: the statistics replay on ClickHouse (set CLICKHOUSE_URL; scripts/clickhouse.sh start)');

const NOW = new Date();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Engine {
  aggregates: AggregatesStore;
  stats: StationStatsStore;
  dispose(): Promise<void>;
}

const engines: [string, boolean, (pool: Pool) => Promise<Engine>][] = [
  ['PostgreSQL', false, async (pool) => ({ aggregates: new PostgresAggregates(pool), stats: new PostgresStationStats(pool), dispose: async () => {} })],
  [
    'ClickHouse',
    !clickhouseUrl,
    async () => {
      const database = `hamlog_test_statsreplay_${randomBytes(4).toString('hex')}`;
      const aggregates = new ClickHouseAggregates({ url: clickhouseUrl!, database });
      const stats = new ClickHouseStationStats({ url: clickhouseUrl!, database });
      return {
        aggregates,
        stats,
        async dispose() {
          await stats.close();
          await aggregates.close();
          const admin = createClient({ url: clickhouseUrl! });
          await admin.command({ query: sql`DROP DATABASE IF EXISTS ${ident(database)}`.text }).finally(() => admin.close());
        },
      };
    },
  ],
];

/** Every station's counters folded from the event log alone. */
async function countsOfLog(store: PostgresEventStore, stations: Station[]): Promise<Map<string, StationStatsCount[]>> {
  const versions: QsoFact[] = [];
  for await (const facts of qsoFactsOfLog(store)) versions.push(...facts);
  const current = currentQsos(versions);
  return new Map(stations.map((s) => [s.userId, stationStatsCountsOf(current.filter((q) => q.stationUserId === s.userId))]));
}

for (const [name, skip, open] of engines) {
  describe.skipIf(skip)(`statistics replay on ${name}: the consumer's counters, the event log's and a rebuild's are one`, () => {
    let db: TestDatabase;
    let pool: Pool;
    let store: PostgresEventStore;
    let engine: Engine;
    let stations: Station[];

    beforeAll(async () => {
      db = await createTestDatabase('statsreplay');
      pool = createPool(db.url, 6);
      store = await PostgresEventStore.create(pool);
      stations = await appendQsoHistory(store, { qsos: 2_000, stations: 8, now: NOW, seed: 11 });
      engine = await open(pool);
      await engine.aggregates.migrate();
    }, 120_000);

    afterAll(async () => {
      await engine?.dispose();
      await store?.close();
      await pool?.end();
      await db?.drop();
    });

    const countsOfStore = async () => new Map(await Promise.all(stations.map(async (s) => [s.userId, await engine.stats.stationCounts(s.userId)] as const)));

    it('keeps the counters through the stream consumer, equal to the event log folded', async () => {
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

      const expected = await countsOfLog(store, stations);
      expect(await countsOfStore()).toEqual(expected);
      expect([...expected.values()].every((counts) => counts.some((c) => c.key.startsWith('band:')))).toBe(true);
    }, 120_000);

    it('drops the aggregates and rebuilds them from the log: the same counters as before and as the log', async () => {
      const before = await countsOfStore();
      await engine.aggregates.reset();
      expect((await countsOfStore()).get(stations[0]!.userId)).toEqual([]);
      await rebuildAggregates(store, engine.aggregates, { batchSize: 700 });
      const after = await countsOfStore();
      expect(after).toEqual(before);
      expect(after).toEqual(await countsOfLog(store, stations));
    }, 120_000);
  });
}
