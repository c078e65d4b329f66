import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BandStatsAnswer } from '@hamlog/domain/community/api-shapes';
import { LEADERBOARDS_REFRESH_MS } from '@hamlog/domain/community/rules';
import { api } from '@/lib/api-client';

export type { BandStatsAnswer };

/** The home page looks at the last 100 QSOs (the specification's GET /vbandstats/100). */
export const BAND_STATS_SAMPLE = 100;

/** GET /vbandstats/{n}: QSOs per band among the last n logged across the site. */
export function getBandStats(sample: number, signal?: AbortSignal): Promise<BandStatsAnswer> {
  return api.get<BandStatsAnswer>(`/vbandstats/${sample}`, signal ? { signal } : {});
}

export function bandStatsQueryOptions(sample = BAND_STATS_SAMPLE) {
  return queryOptions({
    queryKey: ['band-stats', sample] as const,
    queryFn: ({ signal }) => getBandStats(sample, signal),
    refetchInterval: LEADERBOARDS_REFRESH_MS,
  });
}

export function useBandStats() {
  return useQuery(bandStatsQueryOptions());
}
