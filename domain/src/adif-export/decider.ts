/**
 * ADIF export jobs. One stream per user and range, `adif-export-{key}` (key from the user and the
 * range's instants), holding each run asked for on that range: asking again while a run is
 * pending, or again with the same request id, answers that run instead of starting another, so a
 * retried request never makes a second job. Each run is requested, then completed or failed, and
 * expired (its file deleted) 24 hours after it was requested.
 */
import { assertNever, type Decider, type Message } from '../decider';
import { sha256Hex } from '../sha256';
import { EXPORT_FILE_LIFETIME_MS, EXPORT_JOB_COMPLETED, EXPORT_JOB_FAILED, type ExportJob } from './api';
import { exportFileName, type ExportRange } from './range';

export const adifExportStreamName = (exportKey: string): string => `adif-export-${exportKey}`;

/** 24 hex digits from the user and the range's instants: the same range asked by date or by date and time is one key. */
export function adifExportKey(userId: string, range: Pick<ExportRange, 'from' | 'until'>): string {
  return sha256Hex(`${userId}\n${range.from}\n${range.until}`).slice(0, 24);
}

/** The stream a job belongs to: its id is the stream's key and the run's number. */
export function adifExportKeyOfJob(jobId: string): string | null {
  const m = /^([0-9a-f]{24})-[1-9]\d{0,5}$/.exec(jobId);
  return m ? m[1]! : null;
}

/** The stored file's name (private: never served at /media). */
export const adifExportStorageName = (jobId: string): string => `adif-export-${jobId}.adi`;

/** When a job's file and the job itself are deleted. */
export const adifExportExpiresAt = (requestedAt: string): Date => new Date(Date.parse(requestedAt) + EXPORT_FILE_LIFETIME_MS);

export type AdifExportRequested = Message<
  'AdifExportRequested',
  ExportRange & {
    jobId: string;
    userId: string;
    stationCallsign: string;
    /** The download's name. */
    fileName: string;
    storageName: string;
    /** The client's id for this request (a retry sends it again), or null. */
    requestId: string | null;
    at: string;
  }
>;
export type AdifExportCompleted = Message<'AdifExportCompleted', { jobId: string; userId: string; qsoCount: number; bytes: number; at: string }>;
/** `reason` is shown to the user. */
export type AdifExportFailed = Message<'AdifExportFailed', { jobId: string; userId: string; reason: string; at: string }>;
/** The file is deleted and the job leaves the list. */
export type AdifExportExpired = Message<'AdifExportExpired', { jobId: string; userId: string; storageName: string; at: string }>;
export type AdifExportEvent = AdifExportRequested | AdifExportCompleted | AdifExportFailed | AdifExportExpired;
export const ADIF_EXPORT_EVENT_TYPES = ['AdifExportRequested', 'AdifExportCompleted', 'AdifExportFailed', 'AdifExportExpired'] as const satisfies readonly AdifExportEvent['type'][];

export type RequestAdifExport = Message<
  'RequestAdifExport',
  { exportKey: string; userId: string; stationCallsign: string; range: ExportRange; requestId: string | null; at: string }
>;
export type CompleteAdifExport = Message<'CompleteAdifExport', { jobId: string; qsoCount: number; bytes: number; at: string }>;
export type FailAdifExport = Message<'FailAdifExport', { jobId: string; reason: string; at: string }>;
export type ExpireAdifExport = Message<'ExpireAdifExport', { jobId: string; at: string }>;
export type AdifExportCommand = RequestAdifExport | CompleteAdifExport | FailAdifExport | ExpireAdifExport;

export type AdifExportRunStatus = 'pending' | 'completed' | 'failed' | 'expired';

export interface AdifExportRun {
  requested: AdifExportRequested['data'];
  status: AdifExportRunStatus;
  qsoCount: number | null;
  bytes: number | null;
  reason: string | null;
}

export interface AdifExportState {
  /** In the order they were asked for. */
  runs: readonly AdifExportRun[];
}

export function initialAdifExportState(): AdifExportState {
  return { runs: [] };
}

/** The run a request is answered with instead of a new one: the pending run, or the one (still kept) asked with the same request id. */
export function existingAdifExport(state: AdifExportState, requestId: string | null): AdifExportRun | null {
  return (
    state.runs.find((run) => run.status === 'pending' || (requestId !== null && run.requested.requestId === requestId && run.status !== 'expired')) ?? null
  );
}

export function adifExportRun(state: AdifExportState, jobId: string): AdifExportRun | null {
  return state.runs.find((run) => run.requested.jobId === jobId) ?? null;
}

/** A run as the jobs list shows it. */
export function exportJobOf(run: AdifExportRun): ExportJob {
  const { jobId, at, start, end, fileName } = run.requested;
  const status = run.status === 'completed' ? EXPORT_JOB_COMPLETED : run.status === 'failed' ? EXPORT_JOB_FAILED : null;
  return {
    id: jobId,
    created_at: `${at.slice(0, 19)}Z`,
    start_date: start,
    end_date: end,
    status,
    filename: fileName,
    qso_count: run.qsoCount,
    bytes: run.bytes,
    ...(run.reason !== null ? { message: run.reason } : {}),
  };
}

function knownRun(state: AdifExportState, jobId: string): AdifExportRun {
  const run = adifExportRun(state, jobId);
  // Only the server's own jobs send these commands, with ids it read from this stream.
  if (!run) throw new Error(`no ADIF export job ${jobId} in this stream`);
  return run;
}

export function decideAdifExport(command: AdifExportCommand, state: AdifExportState): AdifExportEvent[] {
  switch (command.type) {
    case 'RequestAdifExport': {
      const { exportKey, userId, stationCallsign, range, requestId, at } = command.data;
      if (existingAdifExport(state, requestId)) return [];
      const jobId = `${exportKey}-${state.runs.length + 1}`;
      return [{
        type: 'AdifExportRequested',
        data: { ...range, jobId, userId, stationCallsign, fileName: exportFileName(stationCallsign, range), storageName: adifExportStorageName(jobId), requestId, at },
      }];
    }
    case 'CompleteAdifExport': {
      const { jobId, qsoCount, bytes, at } = command.data;
      const run = knownRun(state, jobId);
      // A second worker (a retry, the catch-up at start) finishing the same job adds nothing.
      if (run.status !== 'pending') return [];
      return [{ type: 'AdifExportCompleted', data: { jobId, userId: run.requested.userId, qsoCount, bytes, at } }];
    }
    case 'FailAdifExport': {
      const { jobId, reason, at } = command.data;
      const run = knownRun(state, jobId);
      if (run.status !== 'pending') return [];
      return [{ type: 'AdifExportFailed', data: { jobId, userId: run.requested.userId, reason, at } }];
    }
    case 'ExpireAdifExport': {
      const { jobId, at } = command.data;
      const run = knownRun(state, jobId);
      if (run.status === 'expired') return [];
      return [{ type: 'AdifExportExpired', data: { jobId, userId: run.requested.userId, storageName: run.requested.storageName, at } }];
    }
    default:
      return assertNever(command);
  }
}

const changed = (state: AdifExportState, jobId: string, change: Partial<AdifExportRun>): AdifExportState => ({
  runs: state.runs.map((run) => (run.requested.jobId === jobId ? { ...run, ...change } : run)),
});

export function evolveAdifExport(state: AdifExportState, event: AdifExportEvent): AdifExportState {
  switch (event.type) {
    case 'AdifExportRequested':
      return { runs: [...state.runs, { requested: event.data, status: 'pending', qsoCount: null, bytes: null, reason: null }] };
    case 'AdifExportCompleted':
      return changed(state, event.data.jobId, { status: 'completed', qsoCount: event.data.qsoCount, bytes: event.data.bytes });
    case 'AdifExportFailed':
      return changed(state, event.data.jobId, { status: 'failed', reason: event.data.reason });
    case 'AdifExportExpired':
      return changed(state, event.data.jobId, { status: 'expired' });
    default:
      return assertNever(event);
  }
}

export const adifExportDecider: Decider<AdifExportCommand, AdifExportEvent, AdifExportState> = {
  initialState: initialAdifExportState,
  decide: decideAdifExport,
  evolve: evolveAdifExport,
};
