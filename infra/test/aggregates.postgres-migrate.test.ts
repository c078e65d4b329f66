import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PostgresAggregates } from '../src/aggregates';
import { createTestDatabase } from '../src/testing/postgres';

describe('PostgreSQL aggregates: processes starting together on a new database', () => {
  it('each migrates without failing, and the counts are made once', async () => {
    const db = await createTestDatabase('agg_migrate');
    const pools = Array.from({ length: 4 }, () => new pg.Pool({ connectionString: db.url, max: 2 }));
    try {
      const stores = pools.map((pool) => new PostgresAggregates(pool));
      const outcomes = await Promise.allSettled(stores.map((store) => store.migrate()));
      expect(outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason))).toEqual([]);
      const { rows } = await pools[0]!.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_class WHERE relname IN ('agg_qso_facts_v2', 'agg_lb_days', 'agg_station_stats') AND relkind = 'r'`,
      );
      expect(rows[0]!.n).toBe(3);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
      await db.drop();
    }
  });
});
