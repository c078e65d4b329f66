import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/query-keys';
import type { QsoHistoryAnswer } from '@/types/api';

export interface GetQsoHistoryRequest {
  qdo_id: string;
}

/** The owner's view of a QSO: what it is (or was, when deleted) and every event of its life. 404 for anyone else. */
export function getQsoHistory(input: GetQsoHistoryRequest, signal?: AbortSignal): Promise<QsoHistoryAnswer> {
  return api.post<QsoHistoryAnswer>('/vqso/history', input, signal ? { signal } : {});
}

export function qsoHistoryQueryOptions(qdoId: string) {
  return queryOptions({
    queryKey: [QUERY_ROOTS.qso, qdoId, 'history'],
    queryFn: ({ signal }) => getQsoHistory({ qdo_id: qdoId }, signal),
  });
}

/** Asked only when signed in: a visitor has no history to see. */
export function useQsoHistory(qdoId: string, enabled: boolean) {
  return useQuery({ ...qsoHistoryQueryOptions(qdoId), enabled: enabled && qdoId !== '' });
}
