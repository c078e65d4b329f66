import { queryOptions, useQuery } from '@tanstack/react-query';
import { QSO_NOT_FOUND } from '@hamlog/domain/messages';
import { api, ApiError } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/query-keys';
import type { Qso } from '@/types/api';

export interface GetFullQsoRequest {
  qdo_id: string;
}

/** The answer of /vgetFullQso (spec: "qso"); a bare QSO object is accepted as well. */
export type GetFullQsoAnswer = { qso: Qso | null } | Qso | null;

/**
 * Any QSO by id, for its public page (no login needed; the bearer token goes along when
 * there is one). An empty answer counts as not found.
 */
export async function getFullQso(input: GetFullQsoRequest, signal?: AbortSignal): Promise<Qso> {
  const answer = await api.post<GetFullQsoAnswer>('/vgetFullQso', input, signal ? { signal } : {});
  const qso = answer && 'qso' in answer ? answer.qso : answer;
  if (!qso || typeof qso !== 'object' || !qso.qdo_id) throw new ApiError(404, QSO_NOT_FOUND);
  return qso;
}

export function fullQsoQueryOptions(qdoId: string) {
  return queryOptions({
    queryKey: [QUERY_ROOTS.qso, qdoId, 'public'],
    queryFn: ({ signal }) => getFullQso({ qdo_id: qdoId }, signal),
  });
}

export function useFullQso(qdoId: string) {
  return useQuery({ ...fullQsoQueryOptions(qdoId), enabled: qdoId !== '' });
}
