import { ADIF_IMPORT_INTERRUPTED, adifImportStorageName, QSO_IMPORT_MAX_LISTED_FAILURES, qsoImportDecider, qsoImportStreamName } from '@hamlog/domain';
import type { Logger } from '@hamlog/infra/observability/logger';
import type { EventStore } from '@hamlog/infra/ports/event-store';
import type { FileStorage } from '@hamlog/infra/ports/file-storage';
import type { JobQueue } from '@hamlog/infra/ports/jobs';
import type { WritePositions } from '@hamlog/infra/ports/write-positions';
import type { Pool } from '@hamlog/infra/postgres/pool';
import type { ProjectionProgress } from '@hamlog/infra/postgres/projection-progress';
import { runningQsoImportIds } from '@hamlog/infra/read-models/qso-imports/queries';
import { handleCommand, aggregateStream } from '../handling/handle-command';
import type { WriteActivity } from '../http/write-activity';
import { loadStationCallsign } from '../users/station';
import { DecideWorkers } from './decide-in-worker';
import { confirmedQsoFinder } from './find-confirmed';
import { importQsoRecords, type QsoImportReport } from './import-qso-records';
import { importPacer } from './import-pacing';
import { ImportReports } from './import-reports';

export const ADIF_IMPORT_QUEUE = 'adif-import';
const IMPORT = 'adif-import-run';
const ATTEMPTS = 5;
const IMPORTS_PROJECTION = 'qso-imports';
const IMPORTS_WAIT_MS = 60_000;

export interface AdifImportDeps {
  store: EventStore;
  files: FileStorage;
  /** The read models: rm_qso_imports names the imports to resume at start. */
  pool: Pool;
  progress?: ProjectionProgress;
  /** Each chunk's position is remembered for the importing user: their next reads see its QSOs. */
  writePositions?: WritePositions;
  /** Clients' writes in this process: an import yields to them (import-pacing.ts). */
  writeActivity?: WriteActivity;
  logger?: Logger;
  now?: () => Date;
}

export interface AdifImportJobs {
  /** Hands a started import (its file stored) to the worker. */
  run(importId: string): Promise<void>;
  /** Readies the thread that decides files (an upload has begun). */
  warm(): void;
  /** The import's report once this process has run it (null: it failed or stopped), or null after `timeoutMs`. */
  finished(importId: string, timeoutMs: number): Promise<QsoImportReport | null>;
  /** Runs an import now, in this call (the worker's job; tests). Null when it is not a running import. */
  importNow(importId: string): Promise<QsoImportReport | null>;
  /** Queues every import still running (a process stopped while it ran): done at start. */
  resume(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * The background ADIF imports: one job per import reads its stored file and imports it
 * (importQsoRecords; the file is read and decided in a worker thread, beside the event loop that
 * serves everyone else), resuming after the last chunk its stream records, so a job retried or
 * started again after a restart neither loses nor doubles a QSO. At start every import still
 * running is queued again (BullMQ would find its own stalled jobs; the in-process queue has lost
 * them). An import whose job fails for good is recorded as failed, with the chunks applied kept.
 */
export async function startAdifImportJobs(
  jobs: JobQueue,
  deps: AdifImportDeps,
  options: { logger?: Logger; resumeDelayMs?: number; chunkRecords?: number } = {},
): Promise<AdifImportJobs> {
  const logger = options.logger ?? deps.logger;
  const stopping = new AbortController();
  const workers = new DecideWorkers();
  const reports = new ImportReports();
  const now = () => deps.now?.() ?? new Date();
  const run = async (importId: string) => void (await jobs.enqueue(ADIF_IMPORT_QUEUE, IMPORT, { importId }, { jobId: `import-${importId}`, attempts: ATTEMPTS }));

  async function importNow(importId: string): Promise<QsoImportReport | null> {
    const { state } = await aggregateStream(deps.store, qsoImportStreamName(importId), qsoImportDecider);
    if (!state || state.status !== 'running') return null;
    const storageName = adifImportStorageName(importId);
    const stationCallsign = await loadStationCallsign(deps.store, state.userId);
    const file = await deps.files.open(storageName);
    if (!file) {
      await fail(importId, state.userId, ADIF_IMPORT_INTERRUPTED);
      return null;
    }
    // Read a slice at a time, never the whole file in memory: by the worker from the disk, else
    // by this thread as the worker asks for it.
    const path = deps.files.pathOf?.(storageName) ?? null;
    if (path !== null) await file.close();
    const source = path !== null ? { path } : file.stream();
    const pace = importPacer({ activity: deps.writeActivity, progress: deps.progress });
    const report = await importQsoRecords(
      { store: deps.store, now, findConfirmed: confirmedQsoFinder(deps) },
      {
        importId,
        userId: state.userId,
        stationCallsign,
        source: state.source,
        fileName: state.fileName,
        bytes: state.bytes,
        metadata: { userId: state.userId, causedBy: 'adif-import', correlationId: importId },
        decide: (context, from) => workers.decide(source, context, from),
        signal: stopping.signal,
        chunkRecords: options.chunkRecords,
        keptFailures: QSO_IMPORT_MAX_LISTED_FAILURES,
        onChunk: async (_progress, appended) => {
          await deps.writePositions?.remember(state.userId, appended.position).catch(() => {});
          await pace(appended.position);
        },
      },
    ).finally(() => {
      if (!('path' in source)) source.destroy();
    });
    await deps.files.delete(storageName);
    return report;
  }

  async function fail(importId: string, userId: string, reason: string): Promise<void> {
    await handleCommand(deps.store, qsoImportStreamName(importId), qsoImportDecider, { type: 'FailQsoImport', data: { importId, reason, at: now().toISOString() } }, { userId, causedBy: 'adif-import', correlationId: importId });
    await deps.files.delete(adifImportStorageName(importId));
  }

  async function resume(): Promise<string[]> {
    if (deps.progress) {
      const head = await deps.store.headPosition();
      if (!(await deps.progress.waitFor([IMPORTS_PROJECTION], head, IMPORTS_WAIT_MS))) throw new Error(`the ${IMPORTS_PROJECTION} read model has not reached log position ${head}`);
    }
    const running = await runningQsoImportIds(deps.pool);
    for (const importId of running) await run(importId);
    if (running.length > 0) logger?.info({ imports: running.length }, 'ADIF imports resumed');
    return running;
  }

  const worker = await jobs.work<{ importId?: string }>(ADIF_IMPORT_QUEUE, async (job) => {
    if (job.name !== IMPORT) {
      await resume();
      return;
    }
    const importId = job.data.importId ?? '';
    try {
      const report = await importNow(importId);
      reports.settle(importId, report);
      if (report) {
        const { imported, duplicates, failed } = report.progress;
        logger?.info({ importId, imported, duplicates, failed, timings: report.timings }, 'ADIF import done');
      }
    } catch (error) {
      // A retried import is still awaited; one that stops or fails for good is not.
      if (job.attempt >= ATTEMPTS || stopping.signal.aborted) reports.settle(importId, null);
      if (job.attempt < ATTEMPTS || stopping.signal.aborted) throw error;
      logger?.error({ err: error, importId }, 'ADIF import failed for good');
      const { state } = await aggregateStream(deps.store, qsoImportStreamName(importId), qsoImportDecider);
      if (state) await fail(importId, state.userId, ADIF_IMPORT_INTERRUPTED);
    }
  });
  await jobs.enqueue(ADIF_IMPORT_QUEUE, 'adif-import-resume', {}, { delayMs: options.resumeDelayMs ?? 0, attempts: 3 });
  return {
    run,
    warm: () => workers.warm(),
    finished: (importId, timeoutMs) => reports.wait(importId, timeoutMs),
    importNow,
    resume,
    async stop() {
      stopping.abort(new Error('the server is stopping'));
      await worker.close();
      await workers.stop();
    },
  };
}
