import type pg from 'pg';
import type { Migration } from '../postgres/migrations';

/**
 * Passwords of the user's accounts at other services (Clublog), needed in clear to call them.
 * They are kept out of the event log (which is forever, and copied to the stream) in this table,
 * where they can be replaced and deleted; the user's events only say whether one is stored.
 */
export const credentialMigrations: Migration[] = [
  {
    id: '002_auth_credentials',
    sql: `CREATE TABLE auth_credentials (
      user_id text NOT NULL,
      service text NOT NULL,
      secret text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, service)
    );`,
  },
];

export type CredentialService = 'clublog';

export class CredentialStore {
  constructor(private readonly pool: pg.Pool) {}

  async set(userId: string, service: CredentialService, secret: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO auth_credentials (user_id, service, secret) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, service) DO UPDATE SET secret = EXCLUDED.secret, updated_at = now()`,
      [userId, service, secret],
    );
  }

  async get(userId: string, service: CredentialService): Promise<string | null> {
    const { rows } = await this.pool.query<{ secret: string }>('SELECT secret FROM auth_credentials WHERE user_id = $1 AND service = $2', [userId, service]);
    return rows[0]?.secret ?? null;
  }

  async delete(userId: string, service: CredentialService): Promise<void> {
    await this.pool.query('DELETE FROM auth_credentials WHERE user_id = $1 AND service = $2', [userId, service]);
  }
}
