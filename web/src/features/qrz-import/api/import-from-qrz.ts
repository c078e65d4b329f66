import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QrzImportAnswer } from '@hamlog/domain/api-types';
import { api } from '@/lib/api-client';
import { invalidateQsoReads } from '@/lib/query-keys';

/** POST /vimportqrz (no payload): the last 2 weeks of the user's QRZ logbook, new QSOs only. */
export function importFromQrz(): Promise<QrzImportAnswer> {
  return api.post<QrzImportAnswer>('/vimportqrz');
}

export function useImportFromQrz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importFromQrz,
    onSuccess: async (answer) => {
      if (answer.status === 'ok' && answer.imported > 0) await invalidateQsoReads(queryClient);
    },
  });
}
