import { queryOptions, useQuery } from '@tanstack/react-query';
import { EXPORT_JOBS_POLL_MS, isExportJobPending, type ExportJob, type ExportJobsAnswer } from '@hamlog/domain/adif-export/api';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export type { ExportJob };

export const EXPORT_JOBS_ROOT = 'adif-export-jobs';

/** POST /vexportjobs: the caller's export jobs, newest first. */
export async function getExportJobs(signal?: AbortSignal): Promise<ExportJob[]> {
  const answer = await api.post<ExportJobsAnswer>('/vexportjobs', {}, signal ? { signal } : {});
  return Array.isArray(answer?.jobs) ? answer.jobs : [];
}

export function exportJobsQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [EXPORT_JOBS_ROOT, token ?? ''],
    queryFn: ({ signal }) => getExportJobs(signal),
    enabled: token !== null,
    staleTime: 0,
    // Polled every 10 s while any job is pending, not at all otherwise (community spec §4).
    refetchInterval: (query) => ((query.state.data ?? []).some((job) => isExportJobPending(job.status)) ? EXPORT_JOBS_POLL_MS : false),
  });
}

export function useExportJobs() {
  return useQuery(exportJobsQueryOptions(useSession()?.token ?? null));
}
