import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StationStatsAnswer } from '@hamlog/domain/stats/station-stats';
import { api } from '@/lib/api-client';

export type { StationStatsAnswer };

/** GET /vstats: the signed-in station's statistics (QSOs per band, mode, continent, year and hour; DXCC per band). */
export function getStationStats(signal?: AbortSignal): Promise<StationStatsAnswer> {
  return api.get<StationStatsAnswer>('/vstats', signal ? { signal } : {});
}

export function stationStatsQueryOptions() {
  return queryOptions({
    queryKey: ['station-stats'] as const,
    queryFn: ({ signal }) => getStationStats(signal),
    // The counters follow the log within seconds: every visit asks again.
    staleTime: 0,
  });
}

export function useStationStats() {
  return useQuery(stationStatsQueryOptions());
}
