import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeedUsersAnswer } from '@hamlog/domain/community/api-shapes';
import { FEED_REFRESH_MS } from '@hamlog/domain/community/rules';
import { api } from '@/lib/api-client';

export type { FeedUsersAnswer };

/** GET /logged_in_users_not_in_rig_control: signed in recently, no rig reporting. */
export function getOnlineUsers(signal?: AbortSignal): Promise<FeedUsersAnswer> {
  return api.get<FeedUsersAnswer>('/logged_in_users_not_in_rig_control', signal ? { signal } : {});
}

export function onlineUsersQueryOptions() {
  return queryOptions({
    queryKey: ['feed-users', 'online'] as const,
    queryFn: ({ signal }) => getOnlineUsers(signal),
    refetchInterval: FEED_REFRESH_MS,
    staleTime: 0,
  });
}

export function useOnlineUsers() {
  return useQuery(onlineUsersQueryOptions());
}
