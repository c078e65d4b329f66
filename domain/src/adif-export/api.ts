/** The export calls' shapes (POST /vexportadif, POST /vexportjobs) and the jobs list's rules (community spec §3, §4, §9). */

/** 1 completed (a download link is shown), 9 failed, null pending. */
export type ExportJobStatus = 1 | 9 | null;
export const EXPORT_JOB_COMPLETED = 1;
export const EXPORT_JOB_FAILED = 9;

/** The specification's Export job, with what the page shows beside it. */
export interface ExportJob {
  id: string;
  /** UTC, ISO: '2025-01-01T12:00:00Z'. */
  created_at: string;
  /** As asked: 'YYYY-MM-DD', or 'YYYY-MM-DD HH:MM' for a date-time range (UTC). */
  start_date: string;
  end_date: string;
  status: ExportJobStatus;
  /** The download's name, e.g. 'W1AW_20240101_20240131.adi'. */
  filename: string;
  /** Once completed: how many QSOs and bytes the file holds. */
  qso_count: number | null;
  bytes: number | null;
  /** Why a failed job failed. */
  message?: string;
}

export interface ExportJobsAnswer {
  jobs: ExportJob[];
}

/** 201 with a new job; 200 with the job already asked for (the same range still pending, or the same request_id). */
export interface ExportRequestAnswer {
  status: 'ok';
  job: ExportJob;
}

/** The list is polled this often while any job is pending. */
export const EXPORT_JOBS_POLL_MS = 10_000;
/** A job created this recently is highlighted. */
export const EXPORT_JOB_RECENT_MS = 60_000;
/** How many of a user's jobs may be pending at once: each reads a whole range of the log. */
export const EXPORTS_PENDING_LIMIT = 3;
/** Files and jobs are deleted this long after the job was created. */
export const EXPORT_FILE_LIFETIME_MS = 24 * 60 * 60 * 1000;

export function isExportJobPending(status: ExportJobStatus | undefined | ''): boolean {
  return status !== EXPORT_JOB_COMPLETED && status !== EXPORT_JOB_FAILED;
}

/** Where a completed job's file is downloaded (under /api, with the owner's bearer token). */
export const exportDownloadPath = (jobId: string): string => `/vexportjobs/${encodeURIComponent(jobId)}/download`;
