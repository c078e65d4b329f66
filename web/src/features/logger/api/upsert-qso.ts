import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { QsoInput, UpsertAnswer, UpsertRequest } from '@/types/api';
import { invalidateAfterQsoWrite } from './invalidate';

export type { UpsertAnswer };

/** Where a QSO logged from this screen comes from. */
export const LOGGER_ORIGIN = 'LOGBAR';

export function upsertQso(data: QsoInput): Promise<UpsertAnswer> {
  const body: UpsertRequest = { data: { ...data, qso_origin: LOGGER_ORIGIN } };
  return api.post<UpsertAnswer>('/vqso/upsert', body);
}

/** Log a contact. Resending the same contact after a network error is safe (duplicate: true). */
export function useUpsertQso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertQso,
    onSuccess: () => {
      // Not awaited: the form must not wait for other screens' lists to refetch.
      void invalidateAfterQsoWrite(queryClient);
    },
  });
}
