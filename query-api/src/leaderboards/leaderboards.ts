import {
  leaderboardPeriods,
  leaderboardQuery,
  leaderboardsAnswer,
  OPERATORS_OF_THE_DAY,
  type LeaderboardsAnswer,
  type OperatorsOfTheDayAnswer,
} from '@hamlog/domain';
import type { LeaderboardsStore } from '@hamlog/infra/ports/leaderboards';
import type { Pool } from '@hamlog/infra/postgres/pool';
import { usersExcludedFromLeaderboards } from '@hamlog/infra/read-models/users/leaderboard-exclusions';
import { communityUserSummaries } from '@hamlog/infra/read-models/users/summaries';

/** Every list of GET /api/vleaderboards at `at`, without the stations that asked to be left out. */
export async function computeLeaderboards(store: LeaderboardsStore, pool: Pool, at: Date): Promise<LeaderboardsAnswer> {
  const excluded = await usersExcludedFromLeaderboards(pool);
  return leaderboardsAnswer(await store.leaderboards(leaderboardQuery(at, excluded)), at);
}

/** POST /api/vopofday: the stations with the most QSOs today (UTC), with who they are. */
export async function computeOperatorsOfTheDay(store: LeaderboardsStore, pool: Pool, at: Date): Promise<OperatorsOfTheDayAnswer> {
  const excluded = await usersExcludedFromLeaderboards(pool);
  // A few more than shown: a user gone from the read model is skipped.
  const top = await store.topUsers(leaderboardPeriods(at).today, excluded, OPERATORS_OF_THE_DAY * 2);
  const users = await communityUserSummaries(pool, top.map((t) => t.stationUserId));
  const operators = top
    .filter((t) => users.has(t.stationUserId))
    .slice(0, OPERATORS_OF_THE_DAY)
    .map((t, i) => ({ rank: i + 1, user: users.get(t.stationUserId)!, qso_count: t.count }));
  return { operators };
}
