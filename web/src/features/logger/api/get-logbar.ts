import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { LogbarAnswer } from '@/types/api';
import { logbarPath } from '../utils/lookup';
import type { Search } from '../utils/logger-state';

export type { LogbarAnswer };

export const LOGBAR_ROOT = 'logbar';

export function getLogbar(call: string, signal?: AbortSignal): Promise<LogbarAnswer> {
  return api.post<LogbarAnswer>(logbarPath(call), {}, signal ? { signal } : {});
}

/** One cache entry per search (its id), so every Enter or GO asks the server afresh. */
export function logbarQueryOptions(search: Search) {
  return queryOptions({
    queryKey: [LOGBAR_ROOT, search.call, search.id],
    queryFn: ({ signal }) => getLogbar(search.call, signal),
    staleTime: Infinity,
    gcTime: 60_000,
  });
}

/** The log bar lookup for the current search (nothing without one). */
export function useLogbar(search: Search | null) {
  return useQuery({
    ...logbarQueryOptions(search ?? { call: '', id: 0 }),
    enabled: search !== null,
  });
}
