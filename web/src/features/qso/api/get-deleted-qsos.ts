import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/query-keys';
import type { DeletedQsosAnswer } from '@/types/api';

export const DELETED_QSOS_PAGE_SIZE = 50;

export interface GetDeletedQsosRequest {
  page: number;
  size: number;
}

/** The caller's deleted QSOs, newest deletion first. */
export function getDeletedQsos(input: GetDeletedQsosRequest, signal?: AbortSignal): Promise<DeletedQsosAnswer> {
  return api.post<DeletedQsosAnswer>('/vqso/deleted', input, signal ? { signal } : {});
}

export function deletedQsosQueryOptions(page: number) {
  return queryOptions({
    queryKey: [QUERY_ROOTS.qso, 'deleted', page],
    queryFn: ({ signal }) => getDeletedQsos({ page, size: DELETED_QSOS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDeletedQsos(page: number) {
  return useQuery(deletedQsosQueryOptions(page));
}
