import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeedUsersAnswer } from '@hamlog/domain/community/api-shapes';
import { FEED_REFRESH_MS } from '@hamlog/domain/community/rules';
import { api } from '@/lib/api-client';

export type { FeedUsersAnswer };

/** GET /ActiveUserList: stations with rig data (the live pushes update the same list). */
export function getActiveUsers(signal?: AbortSignal): Promise<FeedUsersAnswer> {
  return api.get<FeedUsersAnswer>('/ActiveUserList', signal ? { signal } : {});
}

export const activeUsersQueryKey = ['feed-users', 'active'] as const;

export function activeUsersQueryOptions() {
  return queryOptions({
    queryKey: activeUsersQueryKey,
    queryFn: ({ signal }) => getActiveUsers(signal),
    refetchInterval: FEED_REFRESH_MS,
    staleTime: 0,
  });
}

export function useActiveUsers() {
  return useQuery(activeUsersQueryOptions());
}
