/**
 * The one table of checkpoints: how far each follower of the event log has got, by name. The
 * projectors' (one per read model, moved in the transaction that writes their rows:
 * projection-checkpoints.ts) and the stream's (the forwarder and the consumers writing to the
 * aggregates, which only move forward: highest-applied.ts) live side by side in it. It keeps the
 * projectors' table name, which readers already poll (projection-progress.ts).
 */
import { runMigrations, type Migration } from '../postgres/migrations';
import type { Pool } from '../postgres/pool';

export const checkpointMigrations: Migration[] = [
  {
    // Databases from before this module have it already (the projector runtime created it).
    id: '001_projection_checkpoints',
    sql: `CREATE TABLE IF NOT EXISTS projection_checkpoints (
      name text PRIMARY KEY,
      position bigint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
  },
  {
    // The stream kept its positions in a table of its own: they move over under the same names,
    // so an upgraded stream resumes where it was (nothing replayed into the aggregates).
    id: '002_stream_positions_moved_in',
    sql: `DO $$
    BEGIN
      IF to_regclass('stream_positions') IS NOT NULL THEN
        INSERT INTO projection_checkpoints (name, position, updated_at)
          SELECT name, position, updated_at FROM stream_positions
          ON CONFLICT (name) DO UPDATE SET position = GREATEST(projection_checkpoints.position, EXCLUDED.position);
        DROP TABLE stream_positions;
      END IF;
    END $$`,
  },
];

/** Creates the table (and moves older tables' checkpoints into it); every follower runs it before its first read. */
export async function migrateCheckpoints(pool: Pool): Promise<void> {
  await runMigrations(pool, 'checkpoints', checkpointMigrations);
}
