import type pg from 'pg';

export interface Migration {
  /** Unique and ordered within its owner, e.g. '001_users'. */
  id: string;
  sql: string;
}

const LOCK_KEY = 7_402_113;

/**
 * Applies the owner's migrations not applied yet, in id order, each in its own transaction.
 * An advisory lock keeps two processes starting at once from running the same migration twice.
 */
export async function runMigrations(pool: pg.Pool, owner: string, migrations: Migration[]): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      owner text NOT NULL, id text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (owner, id))`);
    const done = new Set(
      (await client.query<{ id: string }>('SELECT id FROM schema_migrations WHERE owner = $1', [owner])).rows.map((r) => r.id),
    );
    const applied: string[] = [];
    for (const migration of [...migrations].sort((a, b) => a.id.localeCompare(b.id))) {
      if (done.has(migration.id)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (owner, id) VALUES ($1, $2)', [owner, migration.id]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${owner}/${migration.id} failed: ${(error as Error).message}`);
      }
      applied.push(migration.id);
    }
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    client.release();
  }
}

/**
 * Inside the caller's transaction: forgets an owner's migrations and applies them all again
 * (a read model dropped and rebuilt gets its tables back in the same commit as the drop).
 */
export async function rerunMigrations(client: pg.ClientBase, owner: string, migrations: Migration[]): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
  await client.query('DELETE FROM schema_migrations WHERE owner = $1', [owner]);
  for (const migration of [...migrations].sort((a, b) => a.id.localeCompare(b.id))) {
    await client.query(migration.sql);
    await client.query('INSERT INTO schema_migrations (owner, id) VALUES ($1, $2)', [owner, migration.id]);
  }
}
