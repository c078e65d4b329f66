import type pg from 'pg';
import { runMigrations, type Migration } from '../postgres/migrations';

/**
 * The post captcha's tokens already spent (decision 0050). A token pays for one write; it is
 * remembered here until it expires, in PostgreSQL so every command-api instance agrees, and then
 * forgotten (an expired token is refused by its own expiry).
 */
export const spentCaptchaMigrations: Migration[] = [
  {
    id: '001_spent_post_captchas',
    sql: `CREATE TABLE spent_post_captchas (
      id text PRIMARY KEY,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX spent_post_captchas_expiry ON spent_post_captchas (expires_at);`,
  },
];

export class SpentCaptchas {
  private ready: Promise<unknown> | null = null;

  constructor(private readonly pool: pg.Pool) {}

  private migrated(): Promise<unknown> {
    this.ready ??= runMigrations(this.pool, 'spent-captchas', spentCaptchaMigrations).catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  /**
   * Spends the token `id` (valid until `expiresAt`): true the first time, false ever after, also
   * when two spend it at the same moment (one statement decides). Tokens expired by `at` are forgotten.
   */
  async spend(id: string, expiresAt: Date, at: Date): Promise<boolean> {
    await this.migrated();
    const { rowCount } = await this.pool.query('INSERT INTO spent_post_captchas (id, expires_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [id, expiresAt]);
    await this.pool.query('DELETE FROM spent_post_captchas WHERE expires_at < $1', [at]);
    return rowCount === 1;
  }
}
