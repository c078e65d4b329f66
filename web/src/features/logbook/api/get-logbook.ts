import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LOGBOOK_PAGE_SIZE } from '@/config/app';
import { api } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/query-keys';
import type { LogbookAnswer, LogbookRequest } from '@/types/api';

export type { LogbookAnswer, LogbookRequest };

export function getLogbook(input: LogbookRequest, signal?: AbortSignal): Promise<LogbookAnswer> {
  return api.post<LogbookAnswer>('/vlogbook', input, signal ? { signal } : {});
}

export function logbookQueryOptions(page: number, size = LOGBOOK_PAGE_SIZE) {
  return queryOptions({
    queryKey: [QUERY_ROOTS.logbook, { page, size }],
    queryFn: ({ signal }) => getLogbook({ page, size }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useLogbook(page: number) {
  return useQuery(logbookQueryOptions(page));
}
