import type { Migration } from '../postgres/migrations';
import { runMigrations } from '../postgres/migrations';
import type { Pool } from '../postgres/pool';
import type { WritePositions } from '../ports/write-positions';

export const writePositionMigrations: Migration[] = [
  {
    id: '001_user_write_positions',
    sql: `CREATE TABLE user_write_positions (
      user_id text PRIMARY KEY,
      position bigint NOT NULL
    )`,
  },
];

/**
 * For the production shape, where command-api and query-api are separate processes: the position
 * is kept in PostgreSQL. Writes arriving together are remembered in one statement (they wait for
 * it, so a read that follows the answer always finds the position).
 */
export class PostgresWritePositions implements WritePositions {
  private pending = new Map<string, number>();
  private flushing: Promise<void> | null = null;

  private constructor(private readonly pool: Pool) {}

  static async open(pool: Pool): Promise<PostgresWritePositions> {
    await runMigrations(pool, 'write-positions', writePositionMigrations);
    return new PostgresWritePositions(pool);
  }

  remember(userId: string, position: number): Promise<void> {
    this.pending.set(userId, Math.max(position, this.pending.get(userId) ?? 0));
    return this.flush();
  }

  async latest(userId: string): Promise<number> {
    const { rows } = await this.pool.query<{ position: number }>('SELECT position FROM user_write_positions WHERE user_id = $1', [userId]);
    return rows[0]?.position ?? 0;
  }

  async close(): Promise<void> {
    await this.flushing;
  }

  /** One statement at a time; what arrives meanwhile goes in the next one. */
  private flush(): Promise<void> {
    const waitTurn = this.flushing ?? Promise.resolve();
    const mine = waitTurn.then(async () => {
      if (this.pending.size === 0) return;
      const batch = this.pending;
      this.pending = new Map();
      await this.pool.query(
        `INSERT INTO user_write_positions (user_id, position) SELECT * FROM unnest($1::text[], $2::bigint[])
         ON CONFLICT (user_id) DO UPDATE SET position = GREATEST(user_write_positions.position, EXCLUDED.position)`,
        [[...batch.keys()], [...batch.values()]],
      );
    });
    this.flushing = mine.catch(() => {}).then(() => {
      if (this.flushing === settled) this.flushing = null;
    });
    const settled = this.flushing;
    return mine;
  }
}
