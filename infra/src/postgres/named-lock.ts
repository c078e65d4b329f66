import type pg from 'pg';

/**
 * Runs `work` while holding PostgreSQL's session advisory lock named `name` (hashed to a key):
 * every process on the database that asks for the same name waits its turn.
 */
export async function withNamedLock<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [name]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]);
    }
  } finally {
    client.release();
  }
}
