import pg from 'pg';
import { PostgresAggregates } from '../src/aggregates';
import { PostgresLeaderboards } from '../src/aggregates/postgres-leaderboards';
import { survivingRestarts } from '../src/postgres/pool';
import { createTestDatabase } from '../src/testing/postgres';
import { leaderboardsContract } from './leaderboards.contract';

leaderboardsContract('PostgreSQL', async () => {
  const db = await createTestDatabase('lb');
  // Listeners on the pool: dropping the database may end a connection pool.end() is still closing.
  const pool = survivingRestarts(new pg.Pool({ connectionString: db.url }));
  const aggregates = new PostgresAggregates(pool);
  return {
    aggregates,
    leaderboards: new PostgresLeaderboards(pool),
    async mergeAll() {},
    async dropLeaderboardTables() {
      await pool.query('DROP TABLE agg_lb_days');
    },
    async dispose() {
      await aggregates.close();
      await pool.end();
      await db.drop();
    },
  };
});
