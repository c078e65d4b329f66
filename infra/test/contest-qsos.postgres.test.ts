import pg from 'pg';
import { PostgresAggregates } from '../src/aggregates/postgres-aggregates';
import { PostgresContestQsoReads } from '../src/aggregates/postgres-contest-qsos';
import { createTestDatabase } from '../src/testing/postgres';
import { contestQsosContract } from './contest-qsos.contract';

contestQsosContract('PostgreSQL', async () => {
  const db = await createTestDatabase('contest_qsos');
  const pool = new pg.Pool({ connectionString: db.url });
  const facts = new PostgresAggregates(pool);
  const reads = new PostgresContestQsoReads(pool);
  return {
    facts,
    reads,
    async dispose() {
      await reads.close();
      await facts.close();
      await pool.end();
      await db.drop();
    },
  };
});
