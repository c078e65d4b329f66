import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AwardsAnswer } from '@hamlog/domain/community/api-shapes';
import { api } from '@/lib/api-client';

export type { AwardsAnswer };

/** GET /award/latest: the newest awards, newest first. */
export function getLatestAwards(signal?: AbortSignal): Promise<AwardsAnswer> {
  return api.get<AwardsAnswer>('/award/latest', signal ? { signal } : {});
}

export function latestAwardsQueryOptions() {
  return queryOptions({
    queryKey: ['awards', 'latest'] as const,
    queryFn: ({ signal }) => getLatestAwards(signal),
  });
}

export function useLatestAwards() {
  return useQuery(latestAwardsQueryOptions());
}
