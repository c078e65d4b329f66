import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LOGBOOK_PAGE_SIZE } from '@/config/app';
import { api } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/query-keys';
import type { LogbookAnswer, LogbookRequest } from '@/types/api';
import type { FilterKey } from '../utils/filters';

export type { LogbookAnswer };

/** A page of the logbook, narrowed by the filters it names (band, mode, dxcc, from, to, confirmed, service). */
export type LogbookPageRequest = LogbookRequest & Partial<Record<FilterKey, string>>;

export function getLogbook(input: LogbookPageRequest, signal?: AbortSignal): Promise<LogbookAnswer> {
  return api.post<LogbookAnswer>('/vlogbook', input, signal ? { signal } : {});
}

export function logbookQueryOptions(page: number, filters: Partial<Record<FilterKey, string>> = {}, size = LOGBOOK_PAGE_SIZE) {
  return queryOptions({
    queryKey: [QUERY_ROOTS.logbook, { page, size, ...filters }],
    queryFn: ({ signal }) => getLogbook({ page, size, ...filters }, signal),
    placeholderData: keepPreviousData,
  });
}

/** `filters`: only the ones that narrow (activeFilters), so the unfiltered logbook asks for page and size alone. */
export function useLogbook(page: number, filters: Partial<Record<FilterKey, string>> = {}) {
  return useQuery(logbookQueryOptions(page, filters));
}
