import pg from 'pg';
import { PostgresAggregates } from '../src/aggregates';
import { PostgresStationStats, STATION_STATS_TABLE } from '../src/aggregates/postgres-station-stats';
import { survivingRestarts } from '../src/postgres/pool';
import { createTestDatabase } from '../src/testing/postgres';
import { stationStatsContract } from './station-stats.contract';

stationStatsContract('PostgreSQL', async () => {
  const db = await createTestDatabase('stats');
  // Listeners on the pool: dropping the database may end a connection pool.end() is still closing.
  const pool = survivingRestarts(new pg.Pool({ connectionString: db.url }));
  const aggregates = new PostgresAggregates(pool);
  return {
    aggregates,
    stats: new PostgresStationStats(pool),
    async mergeAll() {},
    async dropStatsTables() {
      await pool.query(`DROP TABLE ${STATION_STATS_TABLE}`);
    },
    async dropContinentColumn() {
      await pool.query('ALTER TABLE agg_qso_facts_v2 DROP COLUMN continent');
    },
    async dispose() {
      await aggregates.close();
      await pool.end();
      await db.drop();
    },
  };
});
