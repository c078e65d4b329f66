import type { Migration } from '@hamlog/infra/postgres/migrations';
import type { Pool } from '@hamlog/infra/postgres/pool';

/** Where the forwarder has published up to, and how far each consumer has durably applied. */
export const streamMigrations: Migration[] = [
  {
    id: '001_stream_positions',
    sql: `CREATE TABLE stream_positions (
      name text PRIMARY KEY,
      position bigint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
  },
];

export async function readPosition(pool: Pool, name: string): Promise<number | null> {
  const { rows } = await pool.query<{ position: number }>('SELECT position FROM stream_positions WHERE name = $1', [name]);
  return rows[0]?.position ?? null;
}

export async function writePosition(pool: Pool, name: string, position: number): Promise<void> {
  await pool.query(
    `INSERT INTO stream_positions (name, position) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET position = GREATEST(stream_positions.position, EXCLUDED.position), updated_at = now()`,
    [name, position],
  );
}
