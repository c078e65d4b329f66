import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LeaderboardsAnswer } from '@hamlog/domain/community/api-shapes';
import { LEADERBOARDS_REFRESH_MS } from '@hamlog/domain/community/rules';
import { api } from '@/lib/api-client';

export type { LeaderboardsAnswer };

/** GET /vleaderboards: every leaderboard list in one answer. */
export function getLeaderboards(signal?: AbortSignal): Promise<LeaderboardsAnswer> {
  return api.get<LeaderboardsAnswer>('/vleaderboards', signal ? { signal } : {});
}

export function leaderboardsQueryOptions() {
  return queryOptions({
    queryKey: ['leaderboards'] as const,
    queryFn: ({ signal }) => getLeaderboards(signal),
    refetchInterval: LEADERBOARDS_REFRESH_MS,
    staleTime: 0,
  });
}

export function useLeaderboards() {
  return useQuery(leaderboardsQueryOptions());
}
