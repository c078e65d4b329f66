import pg from 'pg';
import { PostgresAggregates } from '../src/aggregates/postgres-aggregates';
import { PostgresContestScores } from '../src/aggregates/postgres-contest-scores';
import { createTestDatabase } from '../src/testing/postgres';
import { contestScoresContract } from './contest-scores.contract';

contestScoresContract('PostgreSQL', async () => {
  const db = await createTestDatabase('contest');
  const pool = new pg.Pool({ connectionString: db.url });
  const facts = new PostgresAggregates(pool);
  const scores = new PostgresContestScores(pool);
  return {
    facts,
    scores,
    async dispose() {
      await scores.close();
      await facts.close();
      await pool.end();
      await db.drop();
    },
  };
});
