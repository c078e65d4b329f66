import {
  adifExportDecider,
  adifExportKeyOfJob,
  adifExportRun,
  adifExportStreamName,
  qsoToAdifFields,
  writeAdifHeader,
  writeAdifRecord,
  type AdifExportCommand,
  type AdifExportRun,
  type RequestAdifExport,
} from '@hamlog/domain';
import type { Logger } from '@hamlog/infra/observability/logger';
import type { EventStore } from '@hamlog/infra/ports/event-store';
import type { FileStorage } from '@hamlog/infra/ports/file-storage';
import type { Pool } from '@hamlog/infra/postgres/pool';
import type { ProjectionProgress } from '@hamlog/infra/postgres/projection-progress';
import { logbookRangeBatches } from '@hamlog/infra/read-models/logbook/export-queries';
import { aggregateStream, handleCommand } from '../handling/handle-command';

export interface AdifExportDeps {
  store: EventStore;
  /** The read models: the QSOs come from the logbook (rm_qsos), the jobs from rm_adif_exports. */
  pool: Pool;
  files: FileStorage;
  /** How far the read models are: a job waits until the logbook holds every QSO logged before it was asked for. */
  progress?: ProjectionProgress;
  logger?: Logger;
}

const LOGBOOK_PROJECTION = 'logbook';
const LOGBOOK_WAIT_MS = 60_000;
const PROGRAM_ID = 'HamLog';

/** A job's stream, its state and the log position of its request; null for an id that names no job. */
export async function loadAdifExport(store: EventStore, jobId: string): Promise<{ streamId: string; run: AdifExportRun; position: number } | null> {
  const key = adifExportKeyOfJob(jobId);
  if (!key) return null;
  const streamId = adifExportStreamName(key);
  const { state, events } = await aggregateStream(store, streamId, adifExportDecider);
  const run = adifExportRun(state, jobId);
  const request = events.find((e) => e.type === 'AdifExportRequested' && (e.data as { jobId: string }).jobId === jobId);
  return run && request ? { streamId, run, position: request.position } : null;
}

/** What the worker records about a job, as the server (not a request) causing it. */
export function decideOnAdifExport(store: EventStore, streamId: string, command: Exclude<AdifExportCommand, RequestAdifExport>, userId: string) {
  return handleCommand(store, streamId, adifExportDecider, command, { userId, causedBy: 'adif-export', correlationId: command.data.jobId });
}

/** The file's text: the header, then one chunk of records per batch of rows read. */
async function* adifText(deps: AdifExportDeps, run: AdifExportRun, createdAt: Date, counted: { qsos: number }): AsyncGenerator<string> {
  yield writeAdifHeader({ programId: PROGRAM_ID, createdAt });
  const { userId, from, until } = run.requested;
  for await (const rows of logbookRangeBatches(deps.pool, { stationUserId: userId, from, until })) {
    let chunk = '';
    for (const row of rows) chunk += writeAdifRecord(qsoToAdifFields(row.fields, row.stationCallsign));
    counted.qsos += rows.length;
    yield chunk;
  }
}

/**
 * Writes a pending job's file (the user's live QSOs in the range, oldest first) and records it
 * completed. A job no longer pending (done by another worker, failed, expired) is left alone;
 * running it twice writes the same file again and records it once.
 */
export async function writeAdifExport(deps: AdifExportDeps, jobId: string, now: Date): Promise<boolean> {
  const loaded = await loadAdifExport(deps.store, jobId);
  if (!loaded || loaded.run.status !== 'pending') return false;
  const { streamId, run, position } = loaded;
  if (deps.progress && !(await deps.progress.waitFor([LOGBOOK_PROJECTION], position, LOGBOOK_WAIT_MS))) {
    throw new Error(`the ${LOGBOOK_PROJECTION} read model has not reached log position ${position}; ADIF export ${jobId} waits for it`);
  }
  const counted = { qsos: 0 };
  const bytes = await deps.files.putStream(run.requested.storageName, adifText(deps, run, now, counted));
  await decideOnAdifExport(deps.store, streamId, { type: 'CompleteAdifExport', data: { jobId, qsoCount: counted.qsos, bytes, at: now.toISOString() } }, run.requested.userId);
  deps.logger?.info({ jobId, qsos: counted.qsos, bytes }, 'ADIF export written');
  return true;
}
