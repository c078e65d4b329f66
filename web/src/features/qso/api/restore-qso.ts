import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateQsoReads, QUERY_ROOTS } from '@/lib/query-keys';

export interface RestoreQsoRequest {
  qdo_id: string;
}

/** Brings back one of the caller's deleted QSOs; restoring a live one changes nothing. */
export function restoreQso(input: RestoreQsoRequest): Promise<unknown> {
  return api.post<unknown>('/vqso/restore', input);
}

export function useRestoreQso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreQso,
    onSuccess: async (_answer, input) => {
      await invalidateQsoReads(queryClient);
      // The restored QSO's page and the list of deleted QSOs are on screen: fetch them now.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.qso, input.qdo_id] }),
        queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.qso, 'deleted'] }),
      ]);
    },
  });
}
