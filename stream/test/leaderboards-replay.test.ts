/**
 * The leaderboards the stream consumer builds are the leaderboards the event log answers, and a
 * rebuild from the log (drop the aggregates, record every QSO event again) gives them back the
 * same: on the embedded default's PostgreSQL and, when CLICKHOUSE_URL is set, on ClickHouse.
 */
import { expect, it } from 'vitest';
import { currentQsos, leaderboardPeriods, leaderboardQuery, leaderboardsAnswer, topUsersOf, type LeaderboardsAnswer } from '@hamlog/domain';
import { ClickHouseLeaderboards } from '@hamlog/infra/aggregates/clickhouse-leaderboards';
import { PostgresLeaderboards } from '@hamlog/infra/aggregates/postgres-leaderboards';
import type { LeaderboardsStore } from '@hamlog/infra/ports/leaderboards';
import { leaderboardsOfLog, rebuildAggregates } from '../src/rebuild-aggregates';
import { consumeLog, describeReplay, versionsOfLog } from './replay-harness';

const NOW = new Date();

describeReplay<LeaderboardsStore>(
  (name) => `leaderboards replay on ${name}: the consumer's answer, the event log's answer and a rebuild's answer are one`,
  {
    suite: 'the leaderboards replay',
    database: 'lbreplay',
    history: { qsos: 3_000, stations: 25, now: NOW, seed: 5 },
    readers: { postgres: (pool) => new PostgresLeaderboards(pool), clickhouse: (options) => new ClickHouseLeaderboards(options) },
  },
  (replay) => {
    const boards = async (excluded: string[]): Promise<LeaderboardsAnswer> =>
      leaderboardsAnswer(await replay.engine.reader.leaderboards(leaderboardQuery(NOW, excluded)), NOW);

    it('builds the boards through the stream consumer, equal to the query over the event log', async () => {
      await consumeLog(replay);
      const excluded = replay.stations.slice(0, 3).map((s) => s.userId);
      for (const without of [[], excluded]) {
        const answer = await boards(without);
        expect(answer).toEqual(await leaderboardsOfLog(replay.store, NOW, without));
        expect(answer.lb3.length).toBeGreaterThan(5);
        expect(answer.lb_hot_now_2.length).toBeGreaterThan(0);
      }
    }, 120_000);

    it('drops the aggregates and rebuilds them from the log: the same answer as before and as the log', async () => {
      const before = await boards([]);
      await replay.engine.aggregates.reset();
      expect((await boards([])).lb3).toEqual([]);

      const done = await rebuildAggregates(replay.store, replay.engine.aggregates, { batchSize: 700 });
      expect(done.head).toBe(await replay.store.headPosition());
      const after = await boards([]);
      expect(after).toEqual(before);
      expect(after).toEqual(await leaderboardsOfLog(replay.store, NOW, []));

      const versions = await versionsOfLog(replay.store);
      expect(done.facts).toBe(versions.length);
      const today = leaderboardPeriods(NOW).today;
      expect(await replay.engine.reader.topUsers(today, [], 3)).toEqual(topUsersOf(currentQsos(versions), today, [], 3));
    }, 120_000);
  },
);
