import type { Logger } from '@hamlog/infra/observability/logger';
import type { EventStore, RecordedEvent, Subscription } from '@hamlog/infra/ports/event-store';
import type { Pool } from '@hamlog/infra/postgres/pool';
import { CheckpointMovedError, moveIdleCheckpoints, readCheckpoint, readCheckpoints } from '@hamlog/infra/checkpoints/projection-checkpoints';
import { migrateProjection } from './migrate-projection';
import type { Projection } from './projection';

/** What the group needs of each projector it runs. */
export interface GroupMember {
  readonly name: string;
  readonly projection: Projection;
  readonly position: number;
  resumeAt(position: number, group: ProjectorGroup): void;
  unseen(events: readonly RecordedEvent[]): RecordedEvent[] | null;
  applySlice(slice: readonly RecordedEvent[], options: { deferIdle: boolean }): Promise<boolean>;
  advanceTo(position: number): void;
  reportError(error: unknown): void;
}

const RETRY_MS = 1_000;
/**
 * Most events one read hands to the members. Under a steady load a batch holds what came in a
 * coalescing window (tens of events); behind a burst (an import's 100,000) bigger batches make
 * fewer transactions of bigger, cheaper statements.
 */
const BATCH_SIZE = 2_000;

/**
 * Runs several projectors over ONE read of the log. Each batch read is handed to every member
 * that is live: members with events to apply each run their own transaction (in parallel, so a
 * failure stays theirs); members with nothing to apply have their checkpoints moved together in
 * one statement. A member that falls behind (it failed, a rebuild reset it, or it is new) leaves
 * the shared read, catches up with reads of its own and joins again once it has reached it.
 */
export class ProjectorGroup {
  private subscription: Subscription | null = null;
  private stopped = false;
  /** The end of the last slice the shared read handed out: a catching-up member joins once it is there. */
  private readPosition = 0;
  private readonly catchingUp = new Map<GroupMember, Promise<void>>();

  constructor(
    private readonly store: EventStore,
    private readonly pool: Pool,
    readonly members: GroupMember[],
    private readonly options: { logger?: Logger; batchSize?: number; coalesceMs?: number } = {},
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    for (const member of this.members) await migrateProjection(this.pool, member.projection);
    const stored = await readCheckpoints(this.pool, this.members.map((m) => m.name));
    this.readPosition = Math.max(0, ...stored.values());
    for (const member of this.members) {
      member.resumeAt(stored.get(member.name) ?? 0, this);
      if (member.position < this.readPosition) this.catchUp(member, 0);
    }
    this.subscribe();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.stop();
    this.subscription = null;
    await Promise.allSettled(this.catchingUp.values());
  }

  private subscribe(): void {
    this.subscription = this.store.subscribeAll(this.readPosition || null, (events) => this.handleShared(events), {
      batchSize: this.options.batchSize ?? BATCH_SIZE,
      coalesceMs: this.options.coalesceMs ?? 25,
      onError: (error) => {
        if (this.stopped) return;
        this.options.logger?.error({ err: error }, 'reading the log for the projectors failed; retrying');
        setTimeout(() => {
          if (!this.stopped) this.subscribe();
        }, RETRY_MS);
      },
    });
  }

  private async handleShared(events: RecordedEvent[]): Promise<void> {
    this.readPosition = events[events.length - 1]!.position;
    const idle: { member: GroupMember; from: number }[] = [];
    const work: Promise<void>[] = [];
    for (const member of this.members) {
      if (this.catchingUp.has(member)) continue;
      const slice = member.unseen(events);
      if (!slice) continue;
      const from = member.position;
      work.push(
        member.applySlice(slice, { deferIdle: true }).then(
          (applied) => {
            if (!applied) idle.push({ member, from });
          },
          (error: unknown) => this.fellBehind(member, error),
        ),
      );
    }
    await Promise.all(work);
    if (idle.length > 0) await this.moveIdle(idle, this.readPosition);
  }

  private async moveIdle(idle: { member: GroupMember; from: number }[], to: number): Promise<void> {
    let moved: Set<string>;
    try {
      moved = await moveIdleCheckpoints(this.pool, idle.map(({ member, from }) => ({ name: member.name, from })), to);
    } catch (error) {
      for (const { member } of idle) this.fellBehind(member, error);
      return;
    }
    for (const { member } of idle) {
      if (moved.has(member.name)) member.advanceTo(to);
      else this.fellBehind(member, new CheckpointMovedError(`checkpoint of ${member.name} moved`));
    }
  }

  /** @internal A member's batch failed (in the shared read, or a gathering projection's timer): it catches up on its own. */
  fellBehind(member: GroupMember, error: unknown): void {
    if (this.stopped) return;
    member.reportError(error);
    this.catchUp(member, error instanceof CheckpointMovedError ? 0 : RETRY_MS);
  }

  /** Reads and applies on the member's own until it reaches the shared read, then joins it again. */
  private catchUp(member: GroupMember, delayMs: number): void {
    if (this.catchingUp.has(member)) return;
    const run = async () => {
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      const client = await this.pool.connect();
      try {
        member.resumeAt(await readCheckpoint(client, member.name), this);
      } finally {
        client.release();
      }
      while (!this.stopped && member.position < this.readPosition) {
        const events = await this.store.readAll(member.position || null, this.options.batchSize ?? BATCH_SIZE);
        if (events.length === 0) break;
        await member.applySlice(events, { deferIdle: false });
      }
    };
    const running = run()
      .then(() => {
        this.catchingUp.delete(member);
      })
      .catch((error: unknown) => {
        this.catchingUp.delete(member);
        this.fellBehind(member, error);
      });
    this.catchingUp.set(member, running);
  }
}
