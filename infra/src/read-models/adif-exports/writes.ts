import type { ClientBase } from 'pg';
import { EXPORT_JOB_COMPLETED, EXPORT_JOB_FAILED, type AdifExportRequested } from '@hamlog/domain';

export async function insertAdifExport(client: ClientBase, job: AdifExportRequested['data'], position: number): Promise<void> {
  await client.query(
    `INSERT INTO rm_adif_exports (job_id, user_id, created_at, range_kind, start_text, end_text, range_from, range_until, station_callsign, file_name, storage_name, position)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (job_id) DO NOTHING`,
    [job.jobId, job.userId, job.at, job.kind, job.start, job.end, job.from, job.until, job.stationCallsign, job.fileName, job.storageName, position],
  );
}

export async function completeAdifExport(client: ClientBase, jobId: string, qsoCount: number, bytes: number): Promise<void> {
  await client.query('UPDATE rm_adif_exports SET status = $2, qso_count = $3, bytes = $4 WHERE job_id = $1', [jobId, EXPORT_JOB_COMPLETED, qsoCount, bytes]);
}

export async function failAdifExport(client: ClientBase, jobId: string, reason: string): Promise<void> {
  await client.query('UPDATE rm_adif_exports SET status = $2, reason = $3 WHERE job_id = $1', [jobId, EXPORT_JOB_FAILED, reason]);
}

export async function deleteAdifExport(client: ClientBase, jobId: string): Promise<void> {
  await client.query('DELETE FROM rm_adif_exports WHERE job_id = $1', [jobId]);
}
