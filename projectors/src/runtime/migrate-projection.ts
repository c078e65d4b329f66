import { migrateCheckpoints } from '@hamlog/infra/checkpoints/schema';
import { runMigrations } from '@hamlog/infra/postgres/migrations';
import type { Pool } from '@hamlog/infra/postgres/pool';
import type { Projection } from './projection';

/** Creates the checkpoint table and the projection's tables (what is not there yet). */
export async function migrateProjection(pool: Pool, projection: Projection): Promise<void> {
  await migrateCheckpoints(pool);
  await runMigrations(pool, `projection:${projection.name}`, projection.migrations);
}
