import { useRef } from 'react';
import { EXPORT_JOB_COMPLETED, EXPORT_JOB_FAILED, EXPORT_JOB_RECENT_MS } from '@hamlog/domain/adif-export/api';
import { EXPORTS_EMPTY } from '@hamlog/domain/messages';
import { useNow } from '@/lib/use-now';
import { downloadExport, exportDownloadUrl } from '../api/download-export';
import type { ExportJob } from '../api/get-export-jobs';
import type { ExportOutcome } from './export-outcome';

function size(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function statusText(job: ExportJob): string {
  if (job.status === EXPORT_JOB_COMPLETED) return `Completed · ${job.qso_count ?? 0} QSOs, ${size(job.bytes)}`;
  if (job.status === EXPORT_JOB_FAILED) return `Failed${job.message ? `: ${job.message}` : ''}`;
  return 'In progress…';
}

const createdAt = (job: ExportJob) => Date.parse(job.created_at);

/** The jobs, newest first: status, file name and, once completed, a download link; a job under 60 s old is highlighted. */
export function ExportJobsList({ jobs, onOutcome }: { jobs: ExportJob[]; onOutcome: (outcome: ExportOutcome) => void }) {
  const anyRecent = jobs.some((job) => Date.now() - createdAt(job) < EXPORT_JOB_RECENT_MS);
  const now = useNow(1000, anyRecent);
  // A second click while the link is being asked for starts no second download.
  const asking = useRef(new Set<string>());
  if (jobs.length === 0) return <p className="empty">{EXPORTS_EMPTY}</p>;

  return (
    <ul className="export-jobs" aria-label="Export files">
      {jobs.map((job) => {
        const recent = now - createdAt(job) < EXPORT_JOB_RECENT_MS;
        return (
          <li key={job.id} className={`export-job${recent ? ' export-job-recent' : ''}${job.status === EXPORT_JOB_FAILED ? ' export-job-failed' : ''}`}>
            <div className="export-job-name">
              {recent ? <span className="export-job-new">New</span> : null}
              {job.status === EXPORT_JOB_COMPLETED ? (
                <a
                  href={exportDownloadUrl(job.id)}
                  download={job.filename}
                  onClick={(e) => {
                    // A signed link is asked for, then the browser downloads it to disk (the href needs the token).
                    e.preventDefault();
                    if (asking.current.has(job.id)) return;
                    asking.current.add(job.id);
                    downloadExport(job.id, job.filename)
                      .catch((err: Error) => onOutcome({ tone: 'error', text: `Download failed: ${err.message}` }))
                      .finally(() => asking.current.delete(job.id));
                  }}
                >
                  {job.filename}
                  <span className="sr-only"> (download)</span>
                </a>
              ) : (
                <span>{job.filename}</span>
              )}
            </div>
            <div className="export-job-range muted">
              {job.start_date} to {job.end_date} · asked {job.created_at.slice(0, 16).replace('T', ' ')} UTC
            </div>
            <div className="export-job-status" aria-live="polite">
              {statusText(job)}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
