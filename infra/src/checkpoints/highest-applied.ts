/**
 * The stream's checkpoints: the forwarder and the consumers that write to the aggregates
 * (ClickHouse, outside PostgreSQL's transactions) record the highest position they have durably
 * handled, after the fact. A checkpoint here only moves forward: a late or repeated write never
 * takes one back.
 */
import type { Pool } from '../postgres/pool';

/** The stored position, or null for a name never written. */
export async function storedCheckpoint(pool: Pool, name: string): Promise<number | null> {
  const { rows } = await pool.query<{ position: number }>('SELECT position FROM projection_checkpoints WHERE name = $1', [name]);
  return rows[0]?.position ?? null;
}

/** Moves each named checkpoint forward (never back), in one statement. */
export async function advanceCheckpoints(pool: Pool, positions: Readonly<Record<string, number>>): Promise<void> {
  const names = Object.keys(positions);
  if (names.length === 0) return;
  await pool.query(
    `INSERT INTO projection_checkpoints (name, position) SELECT * FROM unnest($1::text[], $2::bigint[])
     ON CONFLICT (name) DO UPDATE SET position = GREATEST(projection_checkpoints.position, EXCLUDED.position), updated_at = now()`,
    [names, names.map((name) => positions[name])],
  );
}

export async function advanceCheckpoint(pool: Pool, name: string, position: number): Promise<void> {
  await advanceCheckpoints(pool, { [name]: position });
}
