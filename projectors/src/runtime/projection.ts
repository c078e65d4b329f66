import type { RecordedEvent } from '@hamlog/infra/ports/event-store';
import type { Migration } from '@hamlog/infra/postgres/migrations';
import type { PoolClient } from '@hamlog/infra/postgres/pool';

/** An event of the domain's unions (`{ type, data }`). */
export interface DomainEventShape {
  type: string;
  data: unknown;
}

/** A recorded event of the union E, narrowed by its `type` like the domain event itself. */
export type Recorded<E extends DomainEventShape> = E extends unknown ? Omit<RecordedEvent, 'type' | 'data'> & Pick<E, 'type' | 'data'> : never;

/** A read model built from the event log; `R` is what applying a batch answers for afterCommit. */
export interface Projection<E extends DomainEventShape = DomainEventShape, R = unknown> {
  name: string;
  /** Create its tables; run again after a rebuild drops them. */
  migrations: Migration[];
  /** Everything it owns, dropped by a rebuild. */
  tables: string[];
  /** The event types it reads. Any other event only moves its checkpoint, without a transaction of its own. */
  canHandle: readonly E['type'][];
  /** Of the events it can handle, the ones it still has nothing to do with (optional, same effect). */
  wants?(event: Recorded<E>): boolean;
  /**
   * While it follows the log live, how long a batch waits for more events before it is applied (ms;
   * none by default). For a projection whose work per batch shrinks as batches grow (rows many
   * events add to, like the award tracker's counts), so logging's steady trickle costs it less.
   */
  gatherMs?: number;
  /** Applies one batch inside the projector's transaction (the checkpoint moves in the same one). */
  apply(client: PoolClient, events: Recorded<E>[]): Promise<R>;
  /**
   * After the batch's transaction has committed, with what `apply` answered: for what must happen
   * only once the rows are there (announcing them). Never for a batch rolled back; a failure here
   * is logged and leaves the batch applied. It runs before the projector's next batch: keep it short.
   */
  afterCommit?(applied: R): void | Promise<void>;
}

/** The events of a slice of the log that `projection` applies. */
export function eventsFor(projection: Projection, events: readonly RecordedEvent[]): Recorded<DomainEventShape>[] {
  const types: readonly string[] = projection.canHandle;
  const handled = events.filter((e) => types.includes(e.type)) as Recorded<DomainEventShape>[];
  return projection.wants ? handled.filter((e) => projection.wants!(e)) : handled;
}
