import { lockCheckpoint, readCheckpoint, writeCheckpoint } from '@hamlog/infra/checkpoints/projection-checkpoints';
import { migrateCheckpoints } from '@hamlog/infra/checkpoints/schema';
import { rerunMigrations } from '@hamlog/infra/postgres/migrations';
import { inTransaction, type Pool } from '@hamlog/infra/postgres/pool';
import type { Projection } from './projection';

/**
 * In one transaction: drops a projection's tables, creates them again empty and sets its
 * checkpoint back to the start. Any runner (this process or a running server) then replays the
 * log; one that was mid-batch finds the checkpoint moved and starts over from it.
 */
export async function resetProjection(pool: Pool, projection: Projection): Promise<void> {
  await migrateCheckpoints(pool);
  await inTransaction(pool, async (client) => {
    await readCheckpoint(client, projection.name);
    await lockCheckpoint(client, projection.name);
    for (const table of projection.tables) await client.query(`DROP TABLE IF EXISTS ${table} CASCADE`);
    await rerunMigrations(client, `projection:${projection.name}`, projection.migrations);
    await writeCheckpoint(client, projection.name, 0);
  });
}
