import pg from 'pg';
import { PostgresAggregates } from '../src/aggregates';
import { PostgresAwardFacts } from '../src/aggregates/postgres-award-facts';
import { createTestDatabase } from '../src/testing/postgres';
import { awardFactsContract } from './award-facts.contract';

awardFactsContract('PostgreSQL', async () => {
  const db = await createTestDatabase('awardfacts');
  const pool = new pg.Pool({ connectionString: db.url });
  const aggregates = new PostgresAggregates(pool);
  const facts = new PostgresAwardFacts(pool);
  return {
    aggregates,
    facts,
    // One row per QSO, updated in place: nothing merges later.
    async mergeAll() {},
    async dispose() {
      await facts.close();
      await aggregates.close();
      await pool.end();
      await db.drop();
    },
  };
});
