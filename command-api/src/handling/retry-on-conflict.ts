import { setTimeout as sleep } from 'node:timers/promises';
import { WrongExpectedRevisionError } from '@hamlog/infra/ports/event-store';

/** How often a command is tried when another write got in between, and how long it waits before a retry. */
export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The wait before retry n is random up to min(maxDelayMs, baseDelayMs * 2^(n-1)) ("full jitter"). */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const CONFLICT_RETRY: RetryPolicy = { attempts: 6, baseDelayMs: 10, maxDelayMs: 200 };

/** Replaceable in tests. */
export interface RetryClock {
  sleep(ms: number): Promise<unknown>;
  /** In [0, 1). */
  random(): number;
}

const realClock: RetryClock = { sleep: (ms) => sleep(ms), random: Math.random };

/** The wait before retry `retry` (1 for the first retry). */
export function backoffMs(retry: number, policy: RetryPolicy, random: () => number): number {
  return Math.floor(random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1)));
}

/**
 * Runs `attempt` (read, decide, append with the revisions read) again when another write to one of
 * its streams got in between, after a short random wait so the writers that collided spread out.
 * Every command goes through this one policy. Any other error, or the conflict of the last
 * attempt, is thrown as it is (the error middleware answers a WrongExpectedRevisionError with 409).
 */
export async function retryOnConflict<T>(
  attempt: (n: number) => Promise<T>,
  policy: RetryPolicy = CONFLICT_RETRY,
  clock: RetryClock = realClock,
): Promise<T> {
  for (let n = 1; ; n += 1) {
    try {
      return await attempt(n);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || n >= policy.attempts) throw error;
      await clock.sleep(backoffMs(n, policy, () => clock.random()));
    }
  }
}
