/** Shared by the users read model's tests: every user event in the log through the users projection, in one transaction. */
import type { UserEvent } from '@hamlog/domain';
import type { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import type { Pool } from '@hamlog/infra/postgres/pool';
import { eventsFor, type Recorded } from '../src/runtime/projection';
import { usersProjection } from '../src/users/users-projection';

export async function applyAllUserEvents(pool: Pool, store: PostgresEventStore): Promise<void> {
  const events = await store.readAll(null, 1000);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await usersProjection.apply(client, eventsFor(usersProjection, events) as Recorded<UserEvent>[]);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}
