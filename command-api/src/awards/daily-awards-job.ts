import { AWARDS_RUN_TIME_UTC, type DueComputation } from '@hamlog/domain';
import type { Logger } from '@hamlog/infra/observability/logger';
import type { JobQueue } from '@hamlog/infra/ports/jobs';
import { computeDailyAwards, dueDailyAwards, type DailyAwardsDeps } from './compute-daily-awards';

export const AWARDS_QUEUE = 'awards';
const SWEEP = 'awards-sweep';
const COMPUTE = 'awards-compute';
const ATTEMPTS = 5;
/** Before the catch-up at start, the stream consumers replay what they had not applied. */
export const AWARDS_CATCH_UP_DELAY_MS = 10_000;

export interface DailyAwardsJob {
  /** Every computation due now, computed at once (an operator's run of the job, and tests). Answers those it recorded. */
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
  options: { now?: () => Date; logger?: Logger; catchUpDelayMs?: number } = {},
): Promise<DailyAwardsJob> {
  const now = () => options.now?.() ?? new Date();
  const worker = await jobs.work<Record<string, never> | DueComputation>(AWARDS_QUEUE, async (job) => {
    if (job.name === SWEEP) {
      for (const due of await dueDailyAwards(deps.store, now())) {
        // One job per day and phase for this sweep: a retried sweep queues nothing twice.
        await jobs.enqueue(AWARDS_QUEUE, COMPUTE, due, { jobId: `${due.day}-${due.phase}@${job.id}`, attempts: ATTEMPTS });
      }
    } else if (job.name === COMPUTE) {
      const due = job.data as DueComputation;
      if (await computeDailyAwards(deps, due, now())) options.logger?.info({ ...due }, 'daily awards recorded');
    }
  });
  await jobs.scheduleDaily(AWARDS_QUEUE, 'daily-awards', AWARDS_RUN_TIME_UTC, { name: SWEEP, data: {}, attempts: ATTEMPTS });
  await jobs.enqueue(AWARDS_QUEUE, SWEEP, {}, { delayMs: options.catchUpDelayMs ?? AWARDS_CATCH_UP_DELAY_MS, attempts: ATTEMPTS });
  return {
    async runDue() {
      const recorded: DueComputation[] = [];
      for (const due of await dueDailyAwards(deps.store, now())) {
        if (await computeDailyAwards(deps, due, now())) recorded.push(due);
      }
      return recorded;
    },
    stop: () => worker.close(),
  };
}
