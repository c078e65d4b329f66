import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { readStoredJson, writeStored } from '@/lib/storage';
import type { DxccEntityOption } from '@/types/api';
import { dxccEntries } from '../utils/dxcc-options';

/** The last list this browser received: the dropdown is filled at once on the next visit, then refreshed. */
const CACHE_KEY = 'hamlog.dxcc_entities';

export function getDxccEntities(signal?: AbortSignal): Promise<DxccEntityOption[]> {
  return api.post<DxccEntityOption[]>('/vdxcc-entity-distinct/', {}, signal ? { signal } : {});
}

function cachedList(): DxccEntityOption[] | undefined {
  const list = readStoredJson<unknown>(CACHE_KEY);
  return Array.isArray(list) && list.length > 0 ? (list as DxccEntityOption[]) : undefined;
}

/** Loaded once per visit (the cached copy is shown meanwhile). A failure is only logged (spec section 8). */
export const dxccEntitiesQueryOptions = queryOptions({
  queryKey: ['dxcc-entities'],
  queryFn: async ({ signal }) => {
    try {
      const list = await getDxccEntities(signal);
      if (Array.isArray(list)) writeStored(CACHE_KEY, JSON.stringify(list));
      return list;
    } catch (error) {
      console.warn('DXCC list failed to load', error);
      throw error;
    }
  },
  initialData: cachedList,
  initialDataUpdatedAt: 0,
  select: (list: DxccEntityOption[]) => dxccEntries(Array.isArray(list) ? list : []),
  // The cached copy (updated at 0) is stale, so it is refreshed once in the background; a fetched list stays.
  staleTime: (query) => (query.state.dataUpdatedAt === 0 ? 0 : Infinity),
  gcTime: Infinity,
});

export function useDxccEntities() {
  return useQuery(dxccEntitiesQueryOptions);
}
