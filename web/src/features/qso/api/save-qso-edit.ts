import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateQsoReads, QUERY_ROOTS } from '@/lib/query-keys';
import type { QsoEditRequest } from '../utils/edit-values';

export interface SaveQsoEditAnswer {
  qdo_id: string;
  changed: boolean;
}

/** The 'Edit all fields' form's save: /vqso/update with the changed fields and ADIF details. */
export function saveQsoEdit(input: QsoEditRequest): Promise<SaveQsoEditAnswer> {
  return api.post<SaveQsoEditAnswer>('/vqso/update', input);
}

export function useSaveQsoEdit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveQsoEdit,
    onSuccess: (_answer, input) => {
      // The QSO page this form returns to loads the saved QSO afresh, not the one it showed before.
      queryClient.removeQueries({ queryKey: [QUERY_ROOTS.qso, input.qdo_id, 'public'] });
      queryClient.removeQueries({ queryKey: [QUERY_ROOTS.qso, input.qdo_id, 'history'] });
      void invalidateQsoReads(queryClient);
    },
  });
}
