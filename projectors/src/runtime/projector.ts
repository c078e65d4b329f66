import type { EventStore, RecordedEvent, Subscription } from '@hamlog/infra/ports/event-store';
import { runMigrations } from '@hamlog/infra/postgres/migrations';
import { inTransaction, type Pool } from '@hamlog/infra/postgres/pool';
import type { Logger } from '@hamlog/infra/observability/logger';
import { checkpointMigrations, lockCheckpoint, readCheckpoint, writeCheckpoint } from './checkpoints';
import type { Projection } from './projection';

/** The checkpoint moved under us (a rebuild reset it, or another runner applied the batch). */
class CheckpointMovedError extends Error {}

export async function migrateProjection(pool: Pool, projection: Projection): Promise<void> {
  await runMigrations(pool, 'projector-runtime', checkpointMigrations);
  await runMigrations(pool, `projection:${projection.name}`, projection.migrations);
}

/**
 * Runs one projection: reads the log from its checkpoint and applies batches, writing rows and
 * checkpoint in one transaction. Each transaction first checks that the stored checkpoint is the
 * one this runner started the batch from, so a batch is applied once even if two runners (the
 * server and a rebuild) work at the same time: the loser re-reads and carries on from there.
 */
export class Projector {
  private subscription: Subscription | null = null;
  private stopped = false;
  private current = 0;
  private readonly listeners = new Set<(position: number) => void>();
  private readonly appliedListeners = new Set<(events: RecordedEvent[]) => void>();

  constructor(
    private readonly store: EventStore,
    private readonly pool: Pool,
    readonly projection: Projection,
    private readonly logger?: Logger,
    private readonly batchSize = 500,
  ) {}

  get name(): string {
    return this.projection.name;
  }

  /** Position of the last event applied by this runner (or found in the checkpoint at start). */
  get position(): number {
    return this.current;
  }

  onProgress(listener: (position: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called after each committed batch (metrics measure append-to-row lag here). */
  onApplied(listener: (events: RecordedEvent[]) => void): () => void {
    this.appliedListeners.add(listener);
    return () => this.appliedListeners.delete(listener);
  }

  async start(): Promise<void> {
    await migrateProjection(this.pool, this.projection);
    this.stopped = false;
    await this.subscribeFromCheckpoint();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.stop();
    this.subscription = null;
  }

  /** Applies events until the checkpoint reaches `target` (for rebuilds and tests). */
  async waitFor(target: number, timeoutMs = 60_000): Promise<void> {
    if (this.current >= target) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new Error(`projection ${this.name} did not reach ${target} in ${timeoutMs} ms (at ${this.current})`));
      }, timeoutMs);
      const off = this.onProgress((position) => {
        if (position >= target) {
          clearTimeout(timer);
          off();
          resolve();
        }
      });
    });
  }

  private async subscribeFromCheckpoint(): Promise<void> {
    const client = await this.pool.connect();
    try {
      this.current = await readCheckpoint(client, this.name);
    } finally {
      client.release();
    }
    this.emit();
    this.subscription = this.store.subscribeAll(this.current === 0 ? null : this.current, (events) => this.applyBatch(events), {
      batchSize: this.batchSize,
      coalesceMs: 25,
      onError: (error) => this.recover(error),
    });
  }

  private async applyBatch(events: RecordedEvent[]): Promise<void> {
    const last = events[events.length - 1];
    if (!last) return;
    await inTransaction(this.pool, async (client) => {
      const stored = await lockCheckpoint(client, this.name);
      if (stored !== this.current) throw new CheckpointMovedError(`checkpoint of ${this.name} is ${stored}, expected ${this.current}`);
      await this.projection.apply(client, events);
      await writeCheckpoint(client, this.name, last.position);
    });
    this.current = last.position;
    this.emit();
    for (const listener of this.appliedListeners) listener(events);
  }

  private recover(error: unknown): void {
    if (this.stopped) return;
    if (!(error instanceof CheckpointMovedError)) {
      this.logger?.error({ err: error, projection: this.name }, 'projection batch failed; retrying');
    }
    this.subscription = null;
    const delay = error instanceof CheckpointMovedError ? 0 : 1_000;
    setTimeout(() => {
      if (this.stopped) return;
      this.subscribeFromCheckpoint().catch((e) => this.recover(e));
    }, delay);
  }

  private emit(): void {
    for (const listener of this.listeners) listener(this.current);
  }
}
