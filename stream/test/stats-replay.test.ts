/**
 * The statistics counters the stream consumer keeps are what the event log answers (every QSO
 * event folded by the domain), and a rebuild from the log (npm run rebuild:aggregates: drop the
 * aggregates, record every QSO event again) gives them back the same: on the embedded default's
 * PostgreSQL and, when CLICKHOUSE_URL is set, on ClickHouse. The history has edits of time and
 * mode, deletes, restores and edits after restores.
 */
import { expect, it } from 'vitest';
import { currentQsos, stationStatsCountsOf, type StationStatsCount } from '@hamlog/domain';
import { ClickHouseStationStats } from '@hamlog/infra/aggregates/clickhouse-station-stats';
import { PostgresStationStats } from '@hamlog/infra/aggregates/postgres-station-stats';
import type { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import type { StationStatsStore } from '@hamlog/infra/ports/station-stats';
import { rebuildAggregates } from '../src/rebuild-aggregates';
import type { Station } from './qso-history';
import { consumeLog, describeReplay, versionsOfLog } from './replay-harness';

/** Every station's counters folded from the event log alone. */
async function countsOfLog(store: PostgresEventStore, stations: Station[]): Promise<Map<string, StationStatsCount[]>> {
  const current = currentQsos(await versionsOfLog(store));
  return new Map(stations.map((s) => [s.userId, stationStatsCountsOf(current.filter((q) => q.stationUserId === s.userId))]));
}

describeReplay<StationStatsStore>(
  (name) => `statistics replay on ${name}: the consumer's counters, the event log's and a rebuild's are one`,
  {
    suite: 'the statistics replay',
    database: 'statsreplay',
    history: { qsos: 2_000, stations: 8, now: new Date(), seed: 11 },
    readers: { postgres: (pool) => new PostgresStationStats(pool), clickhouse: (options) => new ClickHouseStationStats(options) },
  },
  (replay) => {
    const countsOfStore = async () =>
      new Map(await Promise.all(replay.stations.map(async (s) => [s.userId, await replay.engine.reader.stationCounts(s.userId)] as const)));

    it('keeps the counters through the stream consumer, equal to the event log folded', async () => {
      await consumeLog(replay);
      const expected = await countsOfLog(replay.store, replay.stations);
      expect(await countsOfStore()).toEqual(expected);
      expect([...expected.values()].every((counts) => counts.some((c) => c.key.startsWith('band:')))).toBe(true);
    }, 120_000);

    it('drops the aggregates and rebuilds them from the log: the same counters as before and as the log', async () => {
      const before = await countsOfStore();
      await replay.engine.aggregates.reset();
      expect((await countsOfStore()).get(replay.stations[0]!.userId)).toEqual([]);
      await rebuildAggregates(replay.store, replay.engine.aggregates, { batchSize: 700 });
      const after = await countsOfStore();
      expect(after).toEqual(before);
      expect(after).toEqual(await countsOfLog(replay.store, replay.stations));
    }, 120_000);
  },
);
