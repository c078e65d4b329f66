import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { UpdateRequest } from '@/types/api';
import { invalidateAfterQsoWrite } from './invalidate';

export type { UpdateRequest };

export function updateQso(input: UpdateRequest): Promise<unknown> {
  return api.post<unknown>('/vqso/update', input);
}

export function useUpdateQso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQso,
    onSuccess: () => {
      // Not awaited: the form must not wait for other screens' lists to refetch.
      void invalidateAfterQsoWrite(queryClient);
    },
  });
}
