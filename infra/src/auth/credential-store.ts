import type pg from 'pg';
import type { Migration } from '../postgres/migrations';
import type { TextSealer } from './server-secrets';

/**
 * Passwords of the user's accounts at other services (Clublog), needed in clear to call them.
 * They are kept out of the event log (which is forever, and copied to the stream) in this table,
 * where they can be replaced and deleted; the user's events only say whether one is stored. They
 * are sealed (the credentials key, decision 0059); a row from before, in clear, is read as it is
 * and sealed when next written.
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

const SEALED = 'sealed:';

export class CredentialStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly sealer: TextSealer,
  ) {}

  async set(userId: string, service: CredentialService, secret: string): Promise<void> {
    const sealed = `${SEALED}${await this.sealer.seal(secret)}`;
    await this.pool.query(
      `INSERT INTO auth_credentials (user_id, service, secret) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, service) DO UPDATE SET secret = EXCLUDED.secret, updated_at = now()`,
      [userId, service, sealed],
    );
  }

  async get(userId: string, service: CredentialService): Promise<string | null> {
    const { rows } = await this.pool.query<{ secret: string }>('SELECT secret FROM auth_credentials WHERE user_id = $1 AND service = $2', [userId, service]);
    const stored = rows[0]?.secret;
    if (stored === undefined) return null;
    return stored.startsWith(SEALED) ? this.sealer.open(stored.slice(SEALED.length)) : stored;
  }

  async delete(userId: string, service: CredentialService): Promise<void> {
    await this.pool.query('DELETE FROM auth_credentials WHERE user_id = $1 AND service = $2', [userId, service]);
  }
}
