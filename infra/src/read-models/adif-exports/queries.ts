import type pg from 'pg';
import type { ExportJob, ExportJobStatus } from '@hamlog/domain';
import { utcIso } from '../../postgres/sql-time';

/** A job as the list shows it, and what the server needs beside: its owner and stored file. */
export interface AdifExportRow {
  job: ExportJob;
  userId: string;
  storageName: string;
  createdAt: Date;
}

type Row = {
  job_id: string;
  user_id: string;
  created_at: string;
  created: Date;
  start_text: string;
  end_text: string;
  status: number | null;
  file_name: string;
  storage_name: string;
  qso_count: number | null;
  bytes: number | null;
  reason: string | null;
};

const SELECT = `SELECT job_id, user_id, ${utcIso('created_at')} AS created_at, created_at AS created, start_text, end_text, status,
  file_name, storage_name, qso_count, bytes, reason FROM rm_adif_exports`;

function toRow(r: Row): AdifExportRow {
  const job: ExportJob = {
    id: r.job_id,
    created_at: r.created_at,
    start_date: r.start_text,
    end_date: r.end_text,
    status: r.status as ExportJobStatus,
    filename: r.file_name,
    qso_count: r.qso_count,
    bytes: r.bytes,
    ...(r.reason ? { message: r.reason } : {}),
  };
  return { job, userId: r.user_id, storageName: r.storage_name, createdAt: r.created };
}

/** How many jobs the list shows at most (a day's worth of exports for anyone). */
export const EXPORT_JOBS_LIST_LIMIT = 100;

/** The user's jobs created after `since` (older ones are deleted or about to be), newest first. */
export async function adifExportsOf(pool: pg.Pool, userId: string, since: Date): Promise<ExportJob[]> {
  const { rows } = await pool.query<Row>(`${SELECT} WHERE user_id = $1 AND created_at > $2 ORDER BY created_at DESC, position DESC LIMIT $3`, [
    userId,
    since,
    EXPORT_JOBS_LIST_LIMIT,
  ]);
  return rows.map((r) => toRow(r).job);
}

/** One job, whoever owns it (callers check). */
export async function findAdifExport(pool: pg.Pool, jobId: string): Promise<AdifExportRow | null> {
  const { rows } = await pool.query<Row>(`${SELECT} WHERE job_id = $1`, [jobId]);
  return rows[0] ? toRow(rows[0]) : null;
}

export async function pendingAdifExportCount(pool: pg.Pool, userId: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rm_adif_exports WHERE user_id = $1 AND status IS NULL', [userId]);
  return rows[0]?.n ?? 0;
}

/** Jobs not finished yet, oldest first: run again at start and by the sweep. */
export async function pendingAdifExportIds(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ job_id: string }>('SELECT job_id FROM rm_adif_exports WHERE status IS NULL ORDER BY created_at');
  return rows.map((r) => r.job_id);
}

/** Jobs created at or before `cutoff`, whatever their state: their time is up. */
export async function adifExportIdsCreatedBefore(pool: pg.Pool, cutoff: Date): Promise<string[]> {
  const { rows } = await pool.query<{ job_id: string }>('SELECT job_id FROM rm_adif_exports WHERE created_at <= $1 ORDER BY created_at', [cutoff]);
  return rows.map((r) => r.job_id);
}
