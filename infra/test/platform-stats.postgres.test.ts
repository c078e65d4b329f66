import pg from 'pg';
import { PostgresAggregates } from '../src/aggregates';
import { PostgresPlatformStats } from '../src/aggregates/postgres-platform-stats';
import { survivingRestarts } from '../src/postgres/pool';
import { createTestDatabase } from '../src/testing/postgres';
import { platformStatsContract } from './platform-stats.contract';

platformStatsContract('PostgreSQL', async () => {
  const db = await createTestDatabase('platform');
  const pool = survivingRestarts(new pg.Pool({ connectionString: db.url }));
  const aggregates = new PostgresAggregates(pool);
  return {
    aggregates,
    stats: new PostgresPlatformStats(pool),
    async mergeAll() {},
    async dispose() {
      await aggregates.close();
      await pool.end();
      await db.drop();
    },
  };
});
