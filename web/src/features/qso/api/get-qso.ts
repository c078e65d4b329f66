import { queryOptions, useQuery } from '@tanstack/react-query';
import { QSO_NOT_FOUND } from '@hamlog/domain/messages';
import { api, ApiError } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/query-keys';
import type { Qso } from '@/types/api';

export type { Qso };

export interface GetQsoRequest {
  qdo_id: string;
}

/**
 * One of the signed-in user's own QSOs by id (the logger's edit form; the server answers
 * 404 for anyone else's). An empty answer counts as not found.
 */
export async function getQso(input: GetQsoRequest, signal?: AbortSignal): Promise<Qso> {
  const qso = await api.post<Qso | null>('/vqso/get', input, signal ? { signal } : {});
  if (!qso || typeof qso !== 'object' || !qso.qdo_id) throw new ApiError(404, QSO_NOT_FOUND);
  return qso;
}

export function qsoQueryOptions(qdoId: string) {
  return queryOptions({
    queryKey: [QUERY_ROOTS.qso, qdoId],
    queryFn: ({ signal }) => getQso({ qdo_id: qdoId }, signal),
  });
}

export function useQso(qdoId: string | undefined) {
  return useQuery({ ...qsoQueryOptions(qdoId ?? ''), enabled: Boolean(qdoId) });
}
