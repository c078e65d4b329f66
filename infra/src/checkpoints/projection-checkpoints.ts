/**
 * The projectors' checkpoints: a read model's checkpoint moves in the transaction that writes its
 * rows, and only from the position the runner started at (decision 0006), so a batch is applied
 * once even with two runners (a server and a rebuild, or two projector services).
 */
import type { ClientBase } from 'pg';
import type { Pool } from '../postgres/pool';
import { PROGRESS_CHANNEL } from '../postgres/projection-progress';

/** The checkpoint moved under us (a rebuild reset it, or another runner applied the batch). */
export class CheckpointMovedError extends Error {}

export async function readCheckpoint(client: ClientBase, name: string): Promise<number> {
  return (await readCheckpoints(client, [name])).get(name) ?? 0;
}

/** The stored checkpoints of these projections (created at 0 when new), in one round trip. */
export async function readCheckpoints(client: ClientBase | Pool, names: string[]): Promise<Map<string, number>> {
  const { rows } = await client.query<{ name: string; position: number }>(
    `WITH created AS (INSERT INTO projection_checkpoints (name) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING)
     SELECT name, position FROM projection_checkpoints WHERE name = ANY($1::text[])`,
    [names],
  );
  return new Map(names.map((name) => [name, rows.find((r) => r.name === name)?.position ?? 0]));
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

/**
 * Opens the transaction a batch is applied in and locks the projection's checkpoint, in one round
 * trip; answers the stored position (the caller rolls back if it is not the one it started from).
 */
export async function beginAtCheckpoint(client: ClientBase, name: string): Promise<number> {
  const results = (await client.query(`BEGIN; SELECT position FROM projection_checkpoints WHERE name = ${client.escapeLiteral(name)} FOR UPDATE`)) as unknown as {
    rows: { position: number }[];
  }[];
  return results[1]?.rows[0]?.position ?? 0;
}

/** Moves the locked checkpoint, announces it and commits, in one round trip. */
export async function commitAtCheckpoint(client: ClientBase, name: string, position: number): Promise<void> {
  if (!Number.isSafeInteger(position)) throw new Error(`bad checkpoint position ${position}`);
  const at = client.escapeLiteral(`${name}:${position}`);
  await client.query(
    `UPDATE projection_checkpoints SET position = ${position}, updated_at = now() WHERE name = ${client.escapeLiteral(name)};
     SELECT pg_notify(${client.escapeLiteral(PROGRESS_CHANNEL)}, ${at}); COMMIT`,
  );
}

/**
 * Moves the checkpoints of projections that had nothing to apply in a slice of the log, in one
 * statement, each only if it is still where this runner left it. Answers the names it moved.
 */
export async function moveIdleCheckpoints(pool: Pool, moves: { name: string; from: number }[], to: number): Promise<Set<string>> {
  const { rows } = await pool.query<{ name: string }>(
    `WITH moved AS (
       UPDATE projection_checkpoints c SET position = $3, updated_at = now()
       FROM unnest($1::text[], $2::bigint[]) AS m(name, expected)
       WHERE c.name = m.name AND c.position = m.expected
       RETURNING c.name)
     SELECT name, pg_notify($4, name || ':' || $3::text) FROM moved`,
    [moves.map((m) => m.name), moves.map((m) => m.from), to, PROGRESS_CHANNEL],
  );
  return new Set(rows.map((r) => r.name));
}
