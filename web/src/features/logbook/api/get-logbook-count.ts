import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/query-keys';
import type { LogbookCountAnswer } from '@/types/api';

export type { LogbookCountAnswer };

export function getLogbookCount(signal?: AbortSignal): Promise<LogbookCountAnswer> {
  return api.post<LogbookCountAnswer>('/vlogbookcount', {}, signal ? { signal } : {});
}

export function logbookCountQueryOptions() {
  return queryOptions({
    queryKey: [QUERY_ROOTS.logbookCount],
    queryFn: ({ signal }) => getLogbookCount(signal),
  });
}

/** The whole logbook's count; not asked while filters narrow it (the page answer counts the matches). */
export function useLogbookCount(enabled = true) {
  return useQuery({ ...logbookCountQueryOptions(), enabled });
}
