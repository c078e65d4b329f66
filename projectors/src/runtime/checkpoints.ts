import type { ClientBase } from 'pg';
import type { Migration } from '@hamlog/infra/postgres/migrations';

export const checkpointMigrations: Migration[] = [
  {
    id: '001_projection_checkpoints',
    sql: `CREATE TABLE projection_checkpoints (
      name text PRIMARY KEY,
      position bigint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
  },
];

import { PROGRESS_CHANNEL } from '@hamlog/infra/postgres/projection-progress';

export async function readCheckpoint(client: ClientBase, name: string): Promise<number> {
  await client.query('INSERT INTO projection_checkpoints (name) VALUES ($1) ON CONFLICT DO NOTHING', [name]);
  const { rows } = await client.query<{ position: number }>('SELECT position FROM projection_checkpoints WHERE name = $1', [name]);
  return rows[0]?.position ?? 0;
}

/** Locks the checkpoint row for this transaction and returns it. */
export async function lockCheckpoint(client: ClientBase, name: string): Promise<number> {
  const { rows } = await client.query<{ position: number }>(
    'SELECT position FROM projection_checkpoints WHERE name = $1 FOR UPDATE',
    [name],
  );
  return rows[0]?.position ?? 0;
}

export async function writeCheckpoint(client: ClientBase, name: string, position: number): Promise<void> {
  await client.query('UPDATE projection_checkpoints SET position = $2, updated_at = now() WHERE name = $1', [name, position]);
  await client.query('SELECT pg_notify($1, $2)', [PROGRESS_CHANNEL, `${name}:${position}`]);
}
