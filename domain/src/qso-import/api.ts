/** The ADIF import calls' shapes: POST /vimportadif (multipart adif_file) and GET /vimportadif/{id}. */
import { adifImportProgress, adifImportReport } from '../messages';
import type { QsoImportFailure, QsoImportProgress, QsoImportStatus } from './decider';

/** The largest file taken: 200 MiB is about 400,000 QSOs of a QRZ export (decision 0034). */
export const ADIF_IMPORT_MAX_BYTES = 200 * 1024 * 1024;
/** Files up to this size are imported while the upload waits; bigger ones run as a background job. */
export const ADIF_IMPORT_INLINE_MAX_BYTES = 2 * 1024 * 1024;
/** ADIF files one server process receives at once, per user (429 beyond) and in all (503 beyond); configurable (decision 0048). */
export const ADIF_UPLOADS_PER_USER = 2;
export const ADIF_UPLOADS_AT_ONCE = 4;
/** The file names taken (case-insensitive): ADIF, and Cabrillo contest logs (read by their content, START-OF-LOG:). */
export const ADIF_IMPORT_EXTENSIONS = ['.adi', '.adif', '.log', '.cbr'] as const;
/** How often the page asks how a background import is going. */
export const ADIF_IMPORT_POLL_MS = 500;
/** How long the upload of a bigger file waits for its import's report before it answers with the progress (202). */
export const ADIF_IMPORT_ANSWER_WAIT_MS = 5_000;

/** Where a background import's file waits (private: never served at /media; deleted once imported). */
export const adifImportStorageName = (importId: string): string => `adif-import-${importId}.adi`;

export function isAdifFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return ADIF_IMPORT_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/**
 * An import's progress and, once over, its report: what POST /vimportadif answers (200 when it is
 * over, 202 while it runs) and GET /vimportadif/{id} answers, the one shape of both.
 */
export interface AdifImportStatus {
  import_id: string;
  status: QsoImportStatus;
  /** Over: `status` is 'done' or 'failed', and the counts are the report's. Always sent (optional only for the web client's fixtures that predate it). */
  done?: boolean;
  file_name: string;
  /** The file's size and how much of it has been read and applied. */
  bytes_total: number;
  bytes_done: number;
  /** Records read so far (imported, duplicates and failed). */
  records_done: number;
  imported: number;
  duplicates: number;
  /** QSOs already in the log the file confirmed (a LoTW or QRZ report's records matched to them). */
  confirmed: number;
  /** Every failed record is counted here; `failures` lists them with line and reason (the first 10,000). */
  failed: number;
  failures: QsoImportFailure[];
  started_at: string;
  finished_at: string | null;
  /** The report once done, why once failed (the page shows 'Error importing ADIF file: {message}'), else the progress. */
  message: string;
}

/**
 * What the web client reads of POST /vimportadif's answer (the report above, or a refusal
 * `{status: 'error', message}`), loosely typed as it was before the two answers became one
 * report ('ok' was the upload's status then); the client can read AdifImportStatus instead.
 */
export interface AdifImportAnswer extends Omit<Partial<AdifImportStatus>, 'status' | 'message'> {
  status: QsoImportStatus | 'ok' | 'error';
  message: string;
}

/** What the server says of an import: the report once done, why once failed (shown as adifImportFailed), else how far it is. */
export function adifImportMessage(progress: QsoImportProgress): string {
  if (progress.status === 'failed') return progress.reason ?? '';
  if (progress.status === 'done') return adifImportReport(progress.imported, progress.duplicates, progress.failed, progress.confirmed);
  return adifImportProgress(progress.imported + progress.duplicates + progress.failed + progress.confirmed);
}

export function adifImportStatusOf(progress: QsoImportProgress, message = adifImportMessage(progress)): AdifImportStatus {
  return {
    import_id: progress.importId,
    status: progress.status,
    done: progress.status !== 'running',
    file_name: progress.fileName,
    bytes_total: progress.bytes,
    bytes_done: progress.bytesDone,
    records_done: progress.imported + progress.duplicates + progress.failed + progress.confirmed,
    imported: progress.imported,
    duplicates: progress.duplicates,
    confirmed: progress.confirmed,
    failed: progress.failed,
    failures: progress.failures,
    started_at: progress.startedAt,
    finished_at: progress.finishedAt,
    message,
  };
}
