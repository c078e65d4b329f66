import { AWARDS_RUN_TIME_UTC, type DueComputation } from '@hamlog/domain';
import type { Logger } from '@hamlog/infra/observability/logger';
import type { JobQueue } from '@hamlog/infra/ports/jobs';
import { computeDailyAwards, dueDailyAwards, FactsBehindError, type DailyAwardsDeps } from './compute-daily-awards';

export const AWARDS_QUEUE = 'awards';
const SWEEP = 'awards-sweep';
const COMPUTE = 'awards-compute';
const ATTEMPTS = 5;
/** Before the catch-up at start, the stream consumers replay what they had not applied. */
export const AWARDS_CATCH_UP_DELAY_MS = 10_000;
/** A computation whose QSO facts are behind is tried again this much later, at most FACTS_RETRIES times (an hour). */
export const FACTS_RETRY_MS = 5 * 60_000;
const FACTS_RETRIES = 12;

/** A computation job: which day and phase, and how many times it was put off because the facts were behind. */
type ComputeJob = DueComputation & { factsRetries?: number };

export interface DailyAwardsJob {
  /** Every computation due now, computed at once (an operator's run of the job, and tests). Answers those it recorded; throws FactsBehindError when the QSO facts stay behind. */
  runDue(): Promise<DueComputation[]>;
  stop(): Promise<void>;
}

/**
 * The daily awards job: a sweep at 00:05 UTC every day (a BullMQ job scheduler, or a timer in
 * this process) finds the computations due and missing from the log and queues one job for
 * each. At start a catch-up sweep runs too, so a process that was down at 00:05 (or whose
 * in-process queue was lost) catches up from the log; the decider records each computation once.
 */
export async function startDailyAwardsJob(
  jobs: JobQueue,
  deps: DailyAwardsDeps,
  options: { now?: () => Date; logger?: Logger; catchUpDelayMs?: number; factsRetryMs?: number } = {},
): Promise<DailyAwardsJob> {
  const now = () => options.now?.() ?? new Date();
  // Stopping ends a wait for the QSO facts at once: the next start's catch-up sweep takes the computation up again.
  const stopping = new AbortController();
  const worker = await jobs.work<Record<string, never> | ComputeJob>(AWARDS_QUEUE, async (job) => {
    if (job.name === SWEEP) {
      for (const due of await dueDailyAwards(deps.store, now())) {
        // One job per day and phase for this sweep: a retried sweep queues nothing twice.
        await jobs.enqueue(AWARDS_QUEUE, COMPUTE, due, { jobId: `${due.day}-${due.phase}@${job.id}`, attempts: ATTEMPTS });
      }
    } else if (job.name === COMPUTE) {
      const { factsRetries = 0, ...due } = job.data as ComputeJob;
      try {
        if (await computeDailyAwards(deps, due, now(), stopping.signal)) options.logger?.info({ ...due }, 'daily awards recorded');
      } catch (error) {
        if (!(error instanceof FactsBehindError)) throw error;
        if (stopping.signal.aborted) return;
        if (factsRetries >= FACTS_RETRIES) {
          options.logger?.error({ ...due, ...error.facts, head: error.head }, `${error.message}; given up until the next run at 00:05 UTC or a restart`);
          return;
        }
        const retryMs = options.factsRetryMs ?? FACTS_RETRY_MS;
        options.logger?.warn({ ...due, ...error.facts, head: error.head }, `${error.message}; trying again in ${Math.round(retryMs / 1000)} s`);
        const retry: ComputeJob = { ...due, factsRetries: factsRetries + 1 };
        await jobs.enqueue(AWARDS_QUEUE, COMPUTE, retry, { jobId: `${due.day}-${due.phase}@facts-${retry.factsRetries}@${job.id.slice(job.id.lastIndexOf('@') + 1)}`, delayMs: retryMs, attempts: ATTEMPTS });
      }
    }
  });
  await jobs.scheduleDaily(AWARDS_QUEUE, 'daily-awards', AWARDS_RUN_TIME_UTC, { name: SWEEP, data: {}, attempts: ATTEMPTS });
  await jobs.enqueue(AWARDS_QUEUE, SWEEP, {}, { delayMs: options.catchUpDelayMs ?? AWARDS_CATCH_UP_DELAY_MS, attempts: ATTEMPTS });
  return {
    async runDue() {
      const recorded: DueComputation[] = [];
      for (const due of await dueDailyAwards(deps.store, now())) {
        if (await computeDailyAwards(deps, due, now(), stopping.signal)) recorded.push(due);
      }
      return recorded;
    },
    async stop() {
      stopping.abort();
      await worker.close();
    },
  };
}
