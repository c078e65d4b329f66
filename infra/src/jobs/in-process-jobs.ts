import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { DailySchedule, EnqueueOptions, FanOut, Job, JobQueue, ScheduledJob, WorkerHandle } from '../ports/jobs';
import { checkDailySchedule, nextDailyRun } from './daily-schedule';

export interface InProcessJobQueueOptions {
  /** First retry delay; doubles on each further retry. */
  backoffMs?: number;
  defaultAttempts?: number;
  /** Called when a job fails for good. */
  onFailed?: (job: Job, error: unknown) => void;
}

interface Entry {
  job: Job;
  attempts: number;
}

interface WorkerState {
  handler: (job: Job) => Promise<void>;
  concurrency: number;
  running: Set<Promise<void>>;
}

interface QueueState {
  ready: Entry[];
  /** Ids of jobs that exist: waiting, delayed, running, retrying or (last KEEP_FAILED) failed. */
  ids: Set<string>;
  failed: string[];
  workers: WorkerState[];
}

// Like BullMQ's removeOnFail: failed jobs stay (so their jobId stays taken), completed ones go.
const KEEP_FAILED = 1000;

/** Jobs in memory: nothing survives the process. Same semantics as BullMqJobQueue otherwise. */
export class InProcessJobQueue implements JobQueue {
  private readonly queues = new Map<string, QueueState>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** The pending timer of each daily schedule, by queue and scheduler id. */
  private readonly schedules = new Map<string, NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly options: InProcessJobQueueOptions = {}) {}

  async enqueue<T>(queue: string, name: string, data: T, options: EnqueueOptions = {}): Promise<string> {
    if (this.closed) throw new Error('job queue is closed');
    const state = this.state(queue);
    const id = options.jobId ?? randomUUID();
    if (state.ids.has(id)) return id;
    state.ids.add(id);
    const attempts = options.attempts ?? this.options.defaultAttempts ?? 3;
    this.schedule(state, { job: { id, name, data, attempt: 1 }, attempts }, options.delayMs ?? 0);
    return id;
  }

  async work<T>(
    queue: string,
    handler: (job: Job<T>) => Promise<void>,
    options: { concurrency?: number } = {},
  ): Promise<WorkerHandle> {
    if (this.closed) throw new Error('job queue is closed');
    const concurrency = options.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`invalid concurrency: ${concurrency}`);
    const state = this.state(queue);
    const worker: WorkerState = { handler: handler as (job: Job) => Promise<void>, concurrency, running: new Set() };
    state.workers.push(worker);
    this.pump(state);
    return {
      close: async () => {
        state.workers = state.workers.filter((w) => w !== worker);
        await Promise.allSettled([...worker.running]);
      },
    };
  }

  /**
   * A timer to the next run, armed again after each; the job's id is the scheduler id and the
   * run's time, like BullMQ's. Nothing survives the process: a caller that must not miss a run
   * catches up at start.
   */
  async scheduleDaily<T>(queue: string, schedulerId: string, at: DailySchedule, job: ScheduledJob<T>): Promise<void> {
    if (this.closed) throw new Error('job queue is closed');
    checkDailySchedule(at);
    const key = JSON.stringify([queue, schedulerId]);
    const arm = () => {
      const previous = this.schedules.get(key);
      if (previous) {
        clearTimeout(previous);
        this.timers.delete(previous);
      }
      if (this.closed) return;
      const runAt = nextDailyRun(new Date(), at);
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.schedules.delete(key);
        void this.enqueue(queue, job.name, job.data, { jobId: `${schedulerId}:${runAt.getTime()}`, attempts: job.attempts }).catch(() => {});
        arm();
      }, Math.max(0, runAt.getTime() - Date.now()));
      timer.unref();
      this.timers.add(timer);
      this.schedules.set(key, timer);
    };
    arm();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.schedules.clear();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    const workers = [...this.queues.values()].flatMap((q) => q.workers);
    for (const q of this.queues.values()) q.workers = [];
    await Promise.allSettled(workers.flatMap((w) => [...w.running]));
  }

  private state(queue: string): QueueState {
    let state = this.queues.get(queue);
    if (!state) {
      state = { ready: [], ids: new Set(), failed: [], workers: [] };
      this.queues.set(queue, state);
    }
    return state;
  }

  private schedule(state: QueueState, entry: Entry, delayMs: number): void {
    if (this.closed) return;
    if (delayMs <= 0) {
      state.ready.push(entry);
      this.pump(state);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      state.ready.push(entry);
      this.pump(state);
    }, delayMs);
    this.timers.add(timer);
  }

  private pump(state: QueueState): void {
    for (const worker of state.workers) {
      while (worker.running.size < worker.concurrency && state.ready.length > 0) {
        this.run(state, worker, state.ready.shift()!);
      }
    }
  }

  private run(state: QueueState, worker: WorkerState, entry: Entry): void {
    const { job } = entry;
    const done = (async () => {
      try {
        await worker.handler({ ...job });
        state.ids.delete(job.id);
      } catch (error) {
        if (job.attempt < entry.attempts) {
          const delay = (this.options.backoffMs ?? 1000) * 2 ** (job.attempt - 1);
          this.schedule(state, { ...entry, job: { ...job, attempt: job.attempt + 1 } }, delay);
          return;
        }
        state.failed.push(job.id);
        if (state.failed.length > KEEP_FAILED) state.ids.delete(state.failed.shift()!);
        this.options.onFailed?.(job, error);
      }
    })();
    worker.running.add(done);
    void done.finally(() => {
      worker.running.delete(done);
      this.pump(state);
    });
  }
}

/** Fan-out inside one process; instances given the same emitter see each other's messages. */
export class InProcessFanOut implements FanOut {
  private readonly own = new Set<{ event: string; fn: (message: string) => void }>();

  constructor(private readonly bus: EventEmitter = new EventEmitter()) {
    bus.setMaxListeners(0);
  }

  async publish(channel: string, message: string): Promise<void> {
    // Prefixed so a channel named 'error' is not EventEmitter's special event.
    this.bus.emit(`fanout:${channel}`, message);
  }

  async subscribe(channel: string, listener: (message: string) => void): Promise<() => Promise<void>> {
    const sub = {
      event: `fanout:${channel}`,
      fn: (message: string) => {
        try {
          listener(message);
        } catch (error) {
          // One failing listener must not break the publisher or the other listeners.
          console.error(`fan-out listener on ${channel} failed`, error);
        }
      },
    };
    this.bus.on(sub.event, sub.fn);
    this.own.add(sub);
    return async () => {
      this.bus.off(sub.event, sub.fn);
      this.own.delete(sub);
    };
  }

  async close(): Promise<void> {
    for (const sub of this.own) this.bus.off(sub.event, sub.fn);
    this.own.clear();
  }
}
