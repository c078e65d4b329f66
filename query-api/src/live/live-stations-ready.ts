import { runMigrations } from '@hamlog/infra/postgres/migrations';
import type { Pool } from '@hamlog/infra/postgres/pool';
import { LIVE_STATIONS_MIGRATIONS_OWNER, liveStationsMigrations } from '@hamlog/infra/read-models/live-stations/schema';

/**
 * Makes sure live_stations exists before the first read of it: the table is the stream service's
 * (its live-state consumer), which may start after this service. Once per caller; retried after a failure.
 */
export function liveStationsReady(pool: Pool): () => Promise<unknown> {
  let tables: Promise<unknown> | null = null;
  return () =>
    (tables ??= runMigrations(pool, LIVE_STATIONS_MIGRATIONS_OWNER, liveStationsMigrations).catch((error: unknown) => {
      tables = null;
      throw error;
    }));
}
