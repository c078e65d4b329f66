import pg from 'pg';

// int8 (bigint) columns hold positions and Hz: well inside 2^53, so plain numbers are exact.
pg.types.setTypeParser(20, (value) => Number(value));

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

/**
 * `derived: true` is for writers of data rebuilt from the event log (read models, aggregates,
 * stream positions): their commits skip waiting for the WAL flush. A crash can then lose their
 * last commits, but never half of one, so they replay from their checkpoint and lose nothing.
 * Events themselves are always written through a durable pool.
 */
export function createPool(url: string, max = 20, options: { derived?: boolean } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    ...(options.derived ? { options: '-c synchronous_commit=off' } : {}),
  });
  return survivingRestarts(pool);
}

/**
 * Keeps the process alive when PostgreSQL goes away (a restart, a failover, 57P01 on shutdown):
 * pg emits 'error' on a client whose connection dies, and an 'error' without a listener ends the
 * process. Idle clients report on the pool, checked-out ones on themselves; with these listeners
 * the failure reaches the query that was waiting instead, and the pool drops the broken client.
 */
export function survivingRestarts(pool: pg.Pool): pg.Pool {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** Runs `work` in one transaction; rolls back on error. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
