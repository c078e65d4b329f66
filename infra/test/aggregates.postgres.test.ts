import pg from 'pg';
import { PostgresAggregates } from '../src/aggregates';
import { createTestDatabase } from '../src/testing/postgres';
import { aggregatesContract } from './aggregates.contract';

aggregatesContract('PostgreSQL', async () => {
  const db = await createTestDatabase('agg');
  const pool = new pg.Pool({ connectionString: db.url });
  const store = new PostgresAggregates(pool);
  return {
    store,
    async dispose() {
      await store.close();
      await pool.end();
      await db.drop();
    },
  };
});
