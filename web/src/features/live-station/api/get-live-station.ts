import { queryOptions, useQuery } from '@tanstack/react-query';
import { liveStationApiPath, type LiveStationAnswer } from '@hamlog/domain/live-station/api';
import { FEED_REFRESH_MS } from '@hamlog/domain/community/rules';
import { api } from '@/lib/api-client';

export type { LiveStationAnswer };

/** GET /vlivestation/{id}: the station's card, stream and latest QSOs (404: no such station). */
export function getLiveStation(userId: string, signal?: AbortSignal): Promise<LiveStationAnswer> {
  return api.get<LiveStationAnswer>(liveStationApiPath(userId), signal ? { signal } : {});
}

/** Polled as often as the home page's feed: the websocket's pushes arrive in between. */
export function liveStationQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['live-station', userId] as const,
    queryFn: ({ signal }) => getLiveStation(userId, signal),
    refetchInterval: FEED_REFRESH_MS,
    staleTime: 0,
  });
}

export function useLiveStation(userId: string) {
  return useQuery(liveStationQueryOptions(userId));
}
