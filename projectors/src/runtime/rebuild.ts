import { forgetMigrations } from '@hamlog/infra/postgres/migrations';
import { inTransaction, type Pool } from '@hamlog/infra/postgres/pool';
import { checkpointMigrations, lockCheckpoint, readCheckpoint, writeCheckpoint } from './checkpoints';
import { runMigrations } from '@hamlog/infra/postgres/migrations';
import type { Projection } from './projection';

/**
 * Drops a projection's tables and sets its checkpoint back to the start, in one transaction,
 * then recreates the tables. Any runner (this process or a running server) then replays the log.
 */
export async function resetProjection(pool: Pool, projection: Projection): Promise<void> {
  await runMigrations(pool, 'projector-runtime', checkpointMigrations);
  await inTransaction(pool, async (client) => {
    await readCheckpoint(client, projection.name);
    await lockCheckpoint(client, projection.name);
    for (const table of projection.tables) await client.query(`DROP TABLE IF EXISTS ${table} CASCADE`);
    await forgetMigrations(client, `projection:${projection.name}`);
    await writeCheckpoint(client, projection.name, 0);
  });
  await runMigrations(pool, `projection:${projection.name}`, projection.migrations);
}
