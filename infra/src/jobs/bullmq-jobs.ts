import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { DailySchedule, EnqueueOptions, FanOut, Job, JobQueue, ScheduledJob, WorkerHandle } from '../ports/jobs';
import { dailyCronPattern } from './daily-schedule';

export interface BullMqJobQueueOptions {
  url: string;
  /** Redis key prefix; default 'hamlog'. */
  prefix?: string;
  /** First retry delay; doubles on each further retry (BullMQ exponential backoff). */
  backoffMs?: number;
  defaultAttempts?: number;
  onFailed?: (job: Job, error: unknown) => void;
  onError?: (error: Error) => void;
}

// BullMQ rejects custom ids that look like integers or contain ':'; encode every caller id
// (injectively) so any string works, and decode it again for the handler.
const encodeId = (id: string) => `j-${id.replace(/%/g, '%25').replace(/:/g, '%3A')}`;
const decodeId = (id: string) => (id.startsWith('j-') ? id.slice(2).replace(/%3A/g, ':').replace(/%25/g, '%') : id);

export class BullMqJobQueue implements JobQueue {
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Set<Worker>();
  private readonly prefix: string;

  constructor(private readonly options: BullMqJobQueueOptions) {
    this.prefix = options.prefix ?? 'hamlog';
  }

  async enqueue<T>(queue: string, name: string, data: T, options: EnqueueOptions = {}): Promise<string> {
    const job = await this.queue(queue).add(name, data, {
      jobId: options.jobId === undefined ? undefined : encodeId(options.jobId),
      attempts: options.attempts ?? this.options.defaultAttempts ?? 3,
      delay: options.delayMs,
      backoff: { type: 'exponential', delay: this.options.backoffMs ?? 1000 },
      removeOnComplete: true,
      removeOnFail: { count: 1000 },
    });
    return decodeId(job.id!);
  }

  /** A BullMQ job scheduler (cron pattern in UTC): Redis keeps it, so a restart misses no run. */
  async scheduleDaily<T>(queue: string, schedulerId: string, at: DailySchedule, job: ScheduledJob<T>): Promise<void> {
    await this.queue(queue).upsertJobScheduler(schedulerId, { pattern: dailyCronPattern(at), tz: 'UTC' }, {
      name: job.name,
      data: job.data,
      opts: {
        attempts: job.attempts ?? this.options.defaultAttempts ?? 3,
        backoff: { type: 'exponential', delay: this.options.backoffMs ?? 1000 },
        removeOnComplete: true,
        removeOnFail: { count: 1000 },
      },
    });
  }

  async work<T>(
    queue: string,
    handler: (job: Job<T>) => Promise<void>,
    options: { concurrency?: number } = {},
  ): Promise<WorkerHandle> {
    const worker = new Worker(
      queue,
      async (job) => {
        // attemptsMade counts finished attempts, so it is 0 on the first try.
        await handler({ id: decodeId(job.id!), name: job.name, data: job.data as T, attempt: job.attemptsMade + 1 });
      },
      {
        connection: this.connection(),
        prefix: this.prefix,
        concurrency: options.concurrency ?? 1,
      },
    );
    worker.on('error', (error) => this.reportError(error));
    worker.on('failed', (job, error) => {
      if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) {
        this.options.onFailed?.({ id: decodeId(job.id!), name: job.name, data: job.data, attempt: job.attemptsMade }, error);
      }
    });
    await worker.waitUntilReady();
    this.workers.add(worker);
    return {
      close: async () => {
        this.workers.delete(worker);
        await worker.close();
      },
    };
  }

  async close(): Promise<void> {
    await Promise.all([...this.workers].map((w) => w.close()));
    this.workers.clear();
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection(), prefix: this.prefix });
      queue.on('error', (error) => this.reportError(error));
      this.queues.set(name, queue);
    }
    return queue;
  }

  private connection() {
    return { url: this.options.url, maxRetriesPerRequest: null };
  }

  private reportError(error: Error): void {
    if (this.options.onError) this.options.onError(error);
    else console.error('bullmq:', error.message);
  }
}

/** Publish/subscribe over Redis; subscribing needs its own connection. */
export class RedisFanOut implements FanOut {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channels = new Map<string, { listeners: Set<(message: string) => void>; ready: Promise<unknown> }>();
  private readonly prefix: string;

  constructor(options: { url: string; prefix?: string }) {
    this.prefix = options.prefix ?? 'hamlog';
    this.publisher = new Redis(options.url);
    this.subscriber = new Redis(options.url);
    this.subscriber.on('message', (channel: string, message: string) => {
      for (const listener of this.channels.get(channel)?.listeners ?? []) {
        try {
          listener(message);
        } catch (error) {
          console.error(`fan-out listener on ${channel} failed`, error);
        }
      }
    });
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.publisher.publish(this.key(channel), message);
  }

  async subscribe(channel: string, listener: (message: string) => void): Promise<() => Promise<void>> {
    const key = this.key(channel);
    let sub = this.channels.get(key);
    if (!sub) {
      sub = { listeners: new Set(), ready: this.subscriber.subscribe(key) };
      this.channels.set(key, sub);
    }
    // A fresh wrapper per subscription, so the same function subscribed twice unsubscribes separately.
    const entry = (message: string) => listener(message);
    sub.listeners.add(entry);
    await sub.ready;
    const current = sub;
    return async () => {
      if (!current.listeners.delete(entry) || current.listeners.size > 0) return;
      this.channels.delete(key);
      await this.subscriber.unsubscribe(key);
    };
  }

  async close(): Promise<void> {
    this.channels.clear();
    await Promise.all([this.subscriber.quit(), this.publisher.quit()]);
  }

  private key(channel: string): string {
    return `${this.prefix}:fanout:${channel}`;
  }
}
