import type { Migration } from '../postgres/migrations';
import { runMigrations } from '../postgres/migrations';
import { createPool, type Pool } from '../postgres/pool';
import { StatementBatcher } from '../postgres/statement-batcher';
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

type Remembered = [userId: string, position: number];

/** Per user, the highest position of the batch (one row may be upserted only once per statement). */
function highestPerUser(items: Remembered[]): Map<string, number> {
  const highest = new Map<string, number>();
  for (const [userId, position] of items) highest.set(userId, Math.max(position, highest.get(userId) ?? 0));
  return highest;
}

/**
 * For the production shape, where command-api and query-api are separate processes: positions
 * meet in PostgreSQL (`user_write_positions`). Both calls are batched (StatementBatcher), so a
 * burst of answers or reads costs one round trip, not one each. remember() resolves once its
 * batch is committed, so a read that follows the answer finds the position. Its commits skip
 * waiting for the WAL flush (they are visible at once all the same): a crash of the database
 * may lose the last positions, which only lets those users' next reads be early, never wrong.
 */
export class PostgresWritePositions implements WritePositions {
  private readonly remembered: StatementBatcher<Remembered, void>;
  private readonly looked: StatementBatcher<string, Map<string, number>>;

  private constructor(
    private readonly pool: Pool,
    private readonly writes: Pool,
  ) {
    this.remembered = new StatementBatcher(async (items) => {
      const highest = highestPerUser(items);
      await this.writes.query(
        `INSERT INTO user_write_positions (user_id, position) SELECT * FROM unnest($1::text[], $2::bigint[])
         ON CONFLICT (user_id) DO UPDATE SET position = GREATEST(user_write_positions.position, EXCLUDED.position)`,
        [[...highest.keys()], [...highest.values()]],
      );
    });
    this.looked = new StatementBatcher(async (userIds) => {
      const { rows } = await this.pool.query<{ user_id: string; position: number }>(
        'SELECT user_id, position FROM user_write_positions WHERE user_id = ANY($1::text[])',
        [[...new Set(userIds)]],
      );
      return new Map(rows.map((row) => [row.user_id, row.position]));
    });
  }

  /** Reads through `pool`; remembers through one connection of its own to the same database. */
  static async open(pool: Pool): Promise<PostgresWritePositions> {
    await runMigrations(pool, 'write-positions', writePositionMigrations);
    const url = pool.options.connectionString;
    return new PostgresWritePositions(pool, url ? createPool(url, 1, { derived: true }) : pool);
  }

  remember(userId: string, position: number): Promise<void> {
    return this.remembered.add([userId, position]);
  }

  async latest(userId: string): Promise<number> {
    return (await this.looked.add(userId)).get(userId) ?? 0;
  }

  async close(): Promise<void> {
    await Promise.all([this.remembered.drain(), this.looked.drain()]);
    if (this.writes !== this.pool) await this.writes.end();
  }
}
