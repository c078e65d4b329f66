import { useMutation } from '@tanstack/react-query';
import type { ExportRequestAnswer } from '@hamlog/domain/adif-export/api';
import { api, isApiError } from '@/lib/api-client';
import { queryClient } from '@/lib/react-query';
import { EXPORT_JOBS_ROOT } from './get-export-jobs';

/** By date ('YYYY-MM-DD') or by date and time ('YYYY-MM-DDTHH:MM'), UTC. */
export type ExportRequest =
  | { start_date: string; end_date: string; request_id: string }
  | { start_datetime: string; end_datetime: string; request_id: string };

/** POST /vexportadif: a new job (201), or the one already asked for (200). */
export function requestExport(input: ExportRequest): Promise<ExportRequestAnswer> {
  return api.post<ExportRequestAnswer>('/vexportadif', input);
}

/** Sent again (with the same request_id, so the server makes one job) when no answer came back. */
const MAX_RESENDS = 2;

export function useRequestExport() {
  return useMutation({
    mutationFn: requestExport,
    retry: (failures, error) => isApiError(error) && error.isNetworkError && failures < MAX_RESENDS,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [EXPORT_JOBS_ROOT] }),
  });
}
