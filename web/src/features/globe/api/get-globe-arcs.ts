import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GlobeArcsAnswer } from '@hamlog/domain/community/api-shapes';
import { GLOBE_REFRESH_MS } from '@hamlog/domain/community/rules';
import { api } from '@/lib/api-client';

export type { GlobeArcsAnswer };

/** GET /globe/arcs: the arcs of the QSOs logged in the last 24 hours (public, no-store). */
export function getGlobeArcs(signal?: AbortSignal): Promise<GlobeArcsAnswer> {
  return api.get<GlobeArcsAnswer>('/globe/arcs', signal ? { signal } : {});
}

export function globeArcsQueryOptions(enabled = true) {
  return queryOptions({
    queryKey: ['globe-arcs'],
    queryFn: ({ signal }) => getGlobeArcs(signal),
    enabled,
    refetchInterval: enabled ? GLOBE_REFRESH_MS : false,
    staleTime: 0,
  });
}

/** The arcs, refreshed every 5 s while `enabled` (the globe is on screen). */
export function useGlobeArcs(enabled: boolean) {
  return useQuery(globeArcsQueryOptions(enabled));
}
