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
  close(): Promise<void>;
}

export interface FanOut {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, listener: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
