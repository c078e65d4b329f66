import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Migration } from '../postgres/migrations';

/**
 * Bearer sessions. A session is access state, not business state, so it lives in its own table
 * instead of the event log (see docs/decisions/0004-sessions-outside-the-event-log.md).
 * Only a hash of the token is stored.
 */
export const sessionMigrations: Migration[] = [
  {
    id: '001_auth_sessions',
    sql: `CREATE TABLE auth_sessions (
      token_hash text PRIMARY KEY,
      user_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz
    );
    CREATE INDEX auth_sessions_user ON auth_sessions (user_id);`,
  },
];

export interface Session {
  userId: string;
}

const CACHE_MS = 5_000;
const REVOKED_CHANNEL = 'hamlog_session_revoked';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export class SessionStore {
  private readonly cache = new Map<string, { session: Session | null; until: number }>();
  private listener: pg.PoolClient | null = null;

  constructor(private readonly pool: pg.Pool) {}

  /** Listens for revocations made by other processes so their cached sessions end at once. */
  async listenForRevocations(): Promise<void> {
    this.listener = await this.pool.connect();
    this.listener.on('notification', (message) => {
      if (message.channel === REVOKED_CHANNEL && message.payload) this.cache.delete(message.payload);
    });
    await this.listener.query(`LISTEN ${REVOKED_CHANNEL}`);
  }

  async create(userId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.pool.query('INSERT INTO auth_sessions (token_hash, user_id) VALUES ($1, $2)', [hashToken(token), userId]);
    return token;
  }

  async find(token: string): Promise<Session | null> {
    const key = hashToken(token);
    const cached = this.cache.get(key);
    if (cached && cached.until > Date.now()) return cached.session;
    const { rows } = await this.pool.query<{ user_id: string }>(
      'SELECT user_id FROM auth_sessions WHERE token_hash = $1 AND revoked_at IS NULL',
      [key],
    );
    const session = rows[0] ? { userId: rows[0].user_id } : null;
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(key, { session, until: Date.now() + CACHE_MS });
    return session;
  }

  async revoke(token: string): Promise<void> {
    const key = hashToken(token);
    this.cache.delete(key);
    await this.pool.query('UPDATE auth_sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [key]);
    await this.pool.query('SELECT pg_notify($1, $2)', [REVOKED_CHANNEL, key]);
  }

  async close(): Promise<void> {
    this.listener?.release();
    this.listener = null;
  }
}
