/** Jobs (background work with retries) and fan-out (broadcast to every live process). */

export interface Job<T = unknown> {
  id: string;
  name: string;
  data: T;
  /** 1 on the first try. */
  attempt: number;
}

export interface EnqueueOptions {
  /** Enqueuing again with the same jobId while it exists adds nothing. */
  jobId?: string;
  attempts?: number;
  delayMs?: number;
}

/** A time of day, UTC, at which a job comes back every day. */
export interface DailySchedule {
  hour: number;
  minute: number;
}

export interface ScheduledJob<T> {
  name: string;
  data: T;
  attempts?: number;
}

export interface WorkerHandle {
  close(): Promise<void>;
}

export interface JobQueue {
  enqueue<T>(queue: string, name: string, data: T, options?: EnqueueOptions): Promise<string>;
  /** A failing handler is retried (with backoff) until its attempts run out. */
  work<T>(
    queue: string,
    handler: (job: Job<T>) => Promise<void>,
    options?: { concurrency?: number },
  ): Promise<WorkerHandle>;
  /**
   * Adds `job` to `queue` every day at `at` (UTC), to be worked like any enqueued job. Scheduling
   * the same schedulerId again replaces the earlier schedule, so every process may do it at start.
   */
  scheduleDaily<T>(queue: string, schedulerId: string, at: DailySchedule, job: ScheduledJob<T>): Promise<void>;
  close(): Promise<void>;
}

export interface FanOut {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, listener: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
