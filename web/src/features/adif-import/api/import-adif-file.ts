import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdifImportAnswer } from '@hamlog/domain/qso-import/api';
import { api, ApiError } from '@/lib/api-client';
import { invalidateQsoReads } from '@/lib/query-keys';

export interface ImportAdifFileInput {
  file: File;
  /** The share of the file sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * POST /vimportadif, multipart field `adif_file`. A small file comes back imported (`done`); a
 * big one comes back with the import's id, whose progress GET /vimportadif/{id} answers.
 */
export async function importAdifFile({ file, onProgress }: ImportAdifFileInput): Promise<AdifImportAnswer> {
  const form = new FormData();
  form.append('adif_file', file, file.name);
  const answer = await api.upload<AdifImportAnswer>('/vimportadif', form, onProgress ? { onProgress } : {});
  if (!answer || answer.status === 'error') throw new ApiError(422, answer?.message || 'The file was refused.');
  return answer;
}

export function useImportAdifFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importAdifFile,
    onSuccess: async (answer) => {
      if (answer.done && (answer.imported ?? 0) + (answer.confirmed ?? 0) > 0) await invalidateQsoReads(queryClient);
    },
  });
}
