import { availableParallelism } from 'node:os';

/**
 * libuv's thread pool runs file reads, DNS look-ups, zlib and the native add-ons' async work
 * (argon2 hashes, sharp's image work). Work queued there waits behind everything queued before it,
 * so a burst of one kind of costly work must not be allowed to fill it.
 */

/** The pool's size: UV_THREADPOOL_SIZE (as libuv reads it at start-up), default 4. */
export function threadPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.UV_THREADPOOL_SIZE);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 1024) : 4;
}

/** Runs at most `max` tasks at once; the others wait in this process, first come first served. */
export function concurrencyLimit(max: number): <T>(task: () => Promise<T>) => Promise<T> {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`concurrency limit must be a whole number of at least 1, not ${max}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < max) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}

/**
 * The one queue every costly native task of this process waits in (password hashes, image
 * decoding and rendering): at most min(cores, pool - 1) run at once, so a login or upload flood
 * always leaves a thread for file reads, and more tasks than cores would only slow each other.
 */
export const inCostlySlot = concurrencyLimit(Math.max(1, Math.min(availableParallelism(), threadPoolSize() - 1)));
