import type { EventStore, RecordedEvent } from '@hamlog/infra/ports/event-store';
import type { Logger } from '@hamlog/infra/observability/logger';
import type { Pool } from '@hamlog/infra/postgres/pool';
import { beginAtCheckpoint, CheckpointMovedError, commitAtCheckpoint, moveIdleCheckpoints } from '@hamlog/infra/checkpoints/projection-checkpoints';
import { eventsFor, type Projection } from './projection';
import { ProjectorGroup, type GroupMember } from './projector-group';

export { migrateProjection } from './migrate-projection';

/** Most events a gathering projection holds before applying them without waiting further. */
const MOST_HELD = 2_000;

/**
 * One projection's runner. Projectors started together share one read of the log (a
 * ProjectorGroup); one started alone (a rebuild, a test) gets a group of its own. Each slice of
 * the log is applied in one transaction that writes the rows and moves the checkpoint, after
 * checking that the stored checkpoint is the one this runner started from, so a batch is applied
 * once even if two runners (the server and a rebuild) work at the same time.
 */
export class Projector implements GroupMember {
  private current = 0;
  private group: ProjectorGroup | null = null;
  private readonly listeners = new Set<(position: number) => void>();
  private readonly appliedListeners = new Set<(events: RecordedEvent[]) => void>();
  /** Live events a gathering projection (`gatherMs`) holds until its timer applies them together. */
  private held: RecordedEvent[] = [];
  private heldTimer: NodeJS.Timeout | null = null;
  /** The held events' application in flight: the next one starts after it. */
  private applyingHeld: Promise<void> = Promise.resolve();

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

  /** Called after each committed batch that wrote rows (metrics measure append-to-row lag here). */
  onApplied(listener: (events: RecordedEvent[]) => void): () => void {
    this.appliedListeners.add(listener);
    return () => this.appliedListeners.delete(listener);
  }

  /** Starts this projector alone (projectors started together share a group instead). */
  async start(): Promise<void> {
    this.group = new ProjectorGroup(this.store, this.pool, [this], { logger: this.logger, batchSize: this.batchSize });
    await this.group.start();
  }

  async stop(): Promise<void> {
    await this.group?.stop();
    // Held events are not lost: the checkpoint has not passed them, so the next start reads them again.
    this.dropHeld();
    await this.applyingHeld;
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

  /** @internal The group sets where this runner stands (from the stored checkpoint). */
  resumeAt(position: number, group: ProjectorGroup): void {
    this.group = group;
    this.dropHeld();
    this.current = position;
    this.emit();
  }

  /** @internal The part of a slice of the log after this runner's position, or null when it has all of it already. */
  unseen(events: readonly RecordedEvent[]): RecordedEvent[] | null {
    const last = events[events.length - 1];
    if (!last || last.position <= this.current) return null;
    return events[0]!.position > this.current ? [...events] : events.filter((e) => e.position > this.current);
  }

  /**
   * @internal Applies the events it handles from a slice of the log that starts right after its
   * position, and moves its checkpoint to the slice's end. Answers false when there was nothing to
   * apply and the checkpoint is left for the caller to move (batched with other idle projectors).
   */
  async applySlice(slice: readonly RecordedEvent[], options: { deferIdle: boolean }): Promise<boolean> {
    const gatherMs = this.projection.gatherMs ?? 0;
    // Only the shared live read gathers: catching up already reads big slices.
    if (options.deferIdle && gatherMs > 0) return this.hold(slice, gatherMs);
    return this.applyNow(slice, options);
  }

  /** Holds a live slice for a gathering projection; false (idle, as applySlice) when it holds nothing and the slice is nothing to it. */
  private async hold(slice: readonly RecordedEvent[], gatherMs: number): Promise<boolean> {
    if (this.held.length === 0 && eventsFor(this.projection, slice).length === 0) return false;
    this.held.push(...slice);
    if (this.held.length >= MOST_HELD) await this.applyHeld();
    else
      this.heldTimer ??= setTimeout(() => {
        this.applyHeld().catch((error: unknown) => this.group?.fellBehind(this, error));
      }, gatherMs);
    return true;
  }

  private applyHeld(): Promise<void> {
    const events = this.held;
    this.dropHeld();
    if (events.length === 0) return this.applyingHeld;
    const run = this.applyingHeld.then(async () => {
      await this.applyNow(events, { deferIdle: false });
    });
    this.applyingHeld = run.catch(() => {});
    return run;
  }

  private dropHeld(): void {
    if (this.heldTimer) clearTimeout(this.heldTimer);
    this.heldTimer = null;
    this.held = [];
  }

  private async applyNow(slice: readonly RecordedEvent[], options: { deferIdle: boolean }): Promise<boolean> {
    const through = slice[slice.length - 1]!.position;
    const handled = eventsFor(this.projection, slice);
    if (handled.length === 0) {
      if (options.deferIdle) return false;
      const moved = await moveIdleCheckpoints(this.pool, [{ name: this.name, from: this.current }], through);
      if (!moved.has(this.name)) throw new CheckpointMovedError(`checkpoint of ${this.name} moved`);
      this.advanceTo(through);
      return true;
    }
    const client = await this.pool.connect();
    let applied: unknown;
    try {
      const stored = await beginAtCheckpoint(client, this.name);
      if (stored !== this.current) throw new CheckpointMovedError(`checkpoint of ${this.name} is ${stored}, expected ${this.current}`);
      applied = await this.projection.apply(client, handled);
      await commitAtCheckpoint(client, this.name, through);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
    this.advanceTo(through);
    await this.afterCommit(applied);
    for (const listener of this.appliedListeners) listener(handled as RecordedEvent[]);
    return true;
  }

  /** The projection's step after a committed batch: its failure is not the batch's (already applied). */
  private async afterCommit(applied: unknown): Promise<void> {
    try {
      await this.projection.afterCommit?.(applied);
    } catch (error) {
      this.logger?.error({ err: error, projection: this.name }, 'after a committed batch, the projection failed; the batch stays applied');
    }
  }

  /** @internal The checkpoint was moved to `position` (by this runner, alone or with others). */
  advanceTo(position: number): void {
    this.current = position;
    this.emit();
  }

  /** @internal */
  reportError(error: unknown): void {
    this.dropHeld();
    if (!(error instanceof CheckpointMovedError)) this.logger?.error({ err: error, projection: this.name }, 'projection batch failed; retrying');
  }

  private emit(): void {
    for (const listener of this.listeners) listener(this.current);
  }
}
