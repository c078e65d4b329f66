import type { RecordedEvent, Subscription } from '../ports/event-store';

export interface PollingSubscriptionOptions {
  batchSize: number;
  pollIntervalMs: number;
  /** After a wake-up, wait this long before reading, so events committed together make one batch. */
  coalesceMs?: number;
  onError?: (error: unknown) => void;
  /** Called on each idle poll (e.g. to re-establish a lost LISTEN connection). */
  onIdle?: () => void;
  onStopped?: () => void;
}

/**
 * Catch-up-then-live subscription over `readAll`: reads a batch after the checkpoint, awaits the
 * handler, repeats; when caught up it sleeps until `wake()` (a NOTIFY) or the poll interval.
 */
export class PollingSubscription implements Subscription {
  private stopped = false;
  /** Set by wake(); lets a notification that arrives during a read skip the next sleep. */
  private woken = false;
  private sleeper: (() => void) | null = null;
  private readonly done: Promise<void>;

  constructor(
    private readonly read: (after: number | null, maxCount: number) => Promise<RecordedEvent[]>,
    after: number | null,
    private readonly handler: (events: RecordedEvent[]) => Promise<void>,
    private readonly options: PollingSubscriptionOptions,
  ) {
    this.done = this.run(after);
  }

  wake(): void {
    this.woken = true;
    this.sleeper?.();
  }

  stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    return this.done;
  }

  private async run(after: number | null): Promise<void> {
    let checkpoint = after;
    let lastRead = 0;
    try {
      while (!this.stopped) {
        this.woken = false;
        lastRead = performance.now();
        const events = await this.read(checkpoint, this.options.batchSize);
        if (this.stopped) break;
        if (events.length > 0) {
          await this.handler(events);
          checkpoint = events[events.length - 1]!.position;
          // Under a steady trickle, read again only once coalesceMs has passed since this read, so
          // batches stay large; a full batch means a backlog, read on at once.
          const wait = (this.options.coalesceMs ?? 0) - (performance.now() - lastRead);
          if (events.length < this.options.batchSize && wait > 0) await new Promise((r) => setTimeout(r, wait));
          continue;
        }
        this.options.onIdle?.();
        await this.sleep();
        if (this.options.coalesceMs && !this.stopped) await new Promise((r) => setTimeout(r, this.options.coalesceMs));
      }
    } catch (error) {
      this.stopped = true;
      if (this.options.onError) this.options.onError(error);
      else console.error('event store subscription stopped', error);
    } finally {
      this.options.onStopped?.();
    }
  }

  private sleep(): Promise<void> {
    if (this.woken || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleeper = null;
        resolve();
      };
      const timer = setTimeout(done, this.options.pollIntervalMs);
      this.sleeper = done;
    });
  }
}
