import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterQsoWrite } from './invalidate';

export interface DeleteQsoRequest {
  qdo_id: string;
}

export function deleteQso(input: DeleteQsoRequest): Promise<unknown> {
  return api.post<unknown>('/vqso/nuke', input);
}

export function useDeleteQso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQso,
    onSuccess: (_answer, input) => {
      void invalidateAfterQsoWrite(queryClient, input.qdo_id);
    },
  });
}
