import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QsoFeedAnswer } from '@hamlog/domain/community/api-shapes';
import { FEED_REFRESH_MS } from '@hamlog/domain/community/rules';
import { api } from '@/lib/api-client';

export type { QsoFeedAnswer };

/** GET /main_public_feed: the newest QSOs across the site, newest first. */
export function getQsoFeed(signal?: AbortSignal): Promise<QsoFeedAnswer> {
  return api.get<QsoFeedAnswer>('/main_public_feed', signal ? { signal } : {});
}

export function qsoFeedQueryOptions() {
  return queryOptions({
    queryKey: ['qso-feed'] as const,
    queryFn: ({ signal }) => getQsoFeed(signal),
    refetchInterval: FEED_REFRESH_MS,
    staleTime: 0,
  });
}

export function useQsoFeed() {
  return useQuery(qsoFeedQueryOptions());
}
