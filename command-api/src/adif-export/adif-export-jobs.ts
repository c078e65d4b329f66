import { adifExportExpiresAt, EXPORT_FAILED, EXPORT_FILE_LIFETIME_MS } from '@hamlog/domain';
import type { Logger } from '@hamlog/infra/observability/logger';
import type { JobQueue } from '@hamlog/infra/ports/jobs';
import { adifExportIdsCreatedBefore, pendingAdifExportIds } from '@hamlog/infra/read-models/adif-exports/queries';
import { decideOnAdifExport, loadAdifExport, writeAdifExport, type AdifExportDeps } from './write-export';

export const ADIF_EXPORT_QUEUE = 'adif-export';
const WRITE = 'adif-export-write';
const SWEEP = 'adif-export-sweep';
const ATTEMPTS = 3;
/** Past this minute of every hour the sweep deletes the files and jobs whose 24 hours are up. */
const SWEEP_MINUTE = 7;
const JOBS_PROJECTION = 'adif-exports';
const JOBS_WAIT_MS = 60_000;

export interface AdifExportSweep {
  /** Jobs whose file and row were deleted. */
  expired: string[];
  /** Pending jobs handed to the worker again. */
  resumed: string[];
}

export interface AdifExportJobs {
  /** Hands a requested job to the worker (once: a job already queued or running is not queued again). */
  run(jobId: string): Promise<void>;
  /** The sweep, now: expires what is due and resumes what is pending (tests run it at their clock's time). */
  sweep(): Promise<AdifExportSweep>;
  stop(): Promise<void>;
}

/**
 * The ADIF export worker: a queued job per export writes its file. A sweep every hour (24 daily
 * schedules, the queue's only kind) deletes files and jobs 24 hours after they were asked for
 * and queues any pending job again; one also runs at start, so a job pending when the process
 * stopped (or whose in-process queue was lost) is written after a restart.
 */
export async function startAdifExportJobs(
  jobs: JobQueue,
  deps: AdifExportDeps,
  options: { now?: () => Date; logger?: Logger; catchUpDelayMs?: number } = {},
): Promise<AdifExportJobs> {
  const now = () => options.now?.() ?? new Date();
  const logger = options.logger ?? deps.logger;
  const run = async (jobId: string) => void (await jobs.enqueue(ADIF_EXPORT_QUEUE, WRITE, { jobId }, { jobId: `write-${jobId}`, attempts: ATTEMPTS }));

  async function fail(jobId: string, error: unknown): Promise<void> {
    logger?.error({ err: error, jobId }, 'ADIF export failed for good');
    const loaded = await loadAdifExport(deps.store, jobId);
    if (!loaded) return;
    await decideOnAdifExport(deps.store, loaded.streamId, { type: 'FailAdifExport', data: { jobId, reason: EXPORT_FAILED, at: now().toISOString() } }, loaded.run.requested.userId);
  }

  async function expire(jobId: string): Promise<boolean> {
    const loaded = await loadAdifExport(deps.store, jobId);
    if (!loaded || loaded.run.status === 'expired' || adifExportExpiresAt(loaded.run.requested.at) > now()) return false;
    // The file first: a crash in between leaves a job whose download answers 'deleted' until the next sweep expires it.
    await deps.files.delete(loaded.run.requested.storageName);
    await decideOnAdifExport(deps.store, loaded.streamId, { type: 'ExpireAdifExport', data: { jobId, at: now().toISOString() } }, loaded.run.requested.userId);
    return true;
  }

  async function sweep(): Promise<AdifExportSweep> {
    if (deps.progress) {
      const head = await deps.store.headPosition();
      if (!(await deps.progress.waitFor([JOBS_PROJECTION], head, JOBS_WAIT_MS))) throw new Error(`the ${JOBS_PROJECTION} read model has not reached log position ${head}`);
    }
    const expired: string[] = [];
    for (const jobId of await adifExportIdsCreatedBefore(deps.pool, new Date(now().getTime() - EXPORT_FILE_LIFETIME_MS))) {
      if (await expire(jobId)) expired.push(jobId);
    }
    const resumed = (await pendingAdifExportIds(deps.pool)).filter((jobId) => !expired.includes(jobId));
    for (const jobId of resumed) await run(jobId);
    if (expired.length > 0 || resumed.length > 0) logger?.info({ expired: expired.length, resumed: resumed.length }, 'ADIF export sweep');
    return { expired, resumed };
  }

  const worker = await jobs.work<{ jobId?: string }>(ADIF_EXPORT_QUEUE, async (job) => {
    if (job.name === SWEEP) {
      await sweep();
      return;
    }
    const jobId = job.data.jobId ?? '';
    try {
      await writeAdifExport(deps, jobId, now());
    } catch (error) {
      if (job.attempt < ATTEMPTS) throw error;
      await fail(jobId, error);
    }
  });
  for (let hour = 0; hour < 24; hour += 1) {
    await jobs.scheduleDaily(ADIF_EXPORT_QUEUE, `adif-export-sweep-${String(hour).padStart(2, '0')}`, { hour, minute: SWEEP_MINUTE }, { name: SWEEP, data: {}, attempts: ATTEMPTS });
  }
  await jobs.enqueue(ADIF_EXPORT_QUEUE, SWEEP, {}, { delayMs: options.catchUpDelayMs ?? 0, attempts: ATTEMPTS });
  return { run, sweep, stop: () => worker.close() };
}
