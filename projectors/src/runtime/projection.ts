import type { RecordedEvent } from '@hamlog/infra/ports/event-store';
import type { Migration } from '@hamlog/infra/postgres/migrations';
import type { PoolClient } from '@hamlog/infra/postgres/pool';

/** A read model built from the event log. */
export interface Projection {
  name: string;
  /** Create its tables; run again after a rebuild drops them. */
  migrations: Migration[];
  /** Everything it owns, dropped by a rebuild. */
  tables: string[];
  /** Applies one batch inside the projector's transaction (the checkpoint moves in the same one). */
  apply(client: PoolClient, events: RecordedEvent[]): Promise<void>;
}
