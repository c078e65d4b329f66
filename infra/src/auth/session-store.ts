import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { ONLINE_WINDOW_MS, type SessionScope } from '@hamlog/domain';
import { listenOn, type ListenConnection } from '../postgres/listen-connection';
import type { Migration } from '../postgres/migrations';

/**
 * Bearer sessions. A session is access state, not business state, so it lives in its own table
 * instead of the event log (see docs/decisions/0004-sessions-outside-the-event-log.md).
 * Only a hash of the token is stored. Lifetimes and revocation: decision 0021.
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
  {
    // Sessions from before lifetimes and scopes start their idle time now and keep full scope.
    id: '002_session_lifetime_and_scope',
    sql: `ALTER TABLE auth_sessions
      ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN scope text NOT NULL DEFAULT 'full',
      ADD COLUMN signed_in_by text NOT NULL DEFAULT 'password',
      ADD COLUMN main_user_id text;
    CREATE INDEX auth_sessions_main_user ON auth_sessions (main_user_id) WHERE main_user_id IS NOT NULL;`,
  },
  {
    // The home page's 'Logged In Recently' list reads the sessions used in the last minutes.
    id: '003_auth_sessions_last_seen',
    sql: `CREATE INDEX auth_sessions_last_seen ON auth_sessions (last_seen_at) WHERE revoked_at IS NULL;`,
  },
];

/** A session unused this long ends. */
export const SESSION_IDLE_LIFETIME_MS = 30 * 24 * 3_600_000;
/** A session ends this long after sign-in, however much it is used. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 90 * 24 * 3_600_000;
/**
 * Use is recorded at most this often per session (not one write per request), and often enough
 * for 'Logged In Recently' (a session used within ONLINE_WINDOW_MS) to hold.
 */
const TOUCH_EVERY_MS = ONLINE_WINDOW_MS / 3;

/** SQL: when the user's live sessions were last used (null: never), for queries that read users. */
export const lastSessionUseSql = (userIdColumn: string): string =>
  `(SELECT max(s.last_seen_at) FROM auth_sessions s WHERE s.user_id = ${userIdColumn} AND s.revoked_at IS NULL)`;

/** SQL: the users whose live sessions were used at or after the parameter `since` (e.g. '$1'), with that last use. */
export const recentSessionUsersSql = (since: string): string =>
  `SELECT user_id, max(last_seen_at) AS last_seen_at FROM auth_sessions WHERE revoked_at IS NULL AND last_seen_at >= ${since} GROUP BY user_id`;

/** 'key': signed in with the API key; what it may do is domain/src/user/key-session-scope.ts (decision 0049). */
export type { SessionScope };
/** How the session was signed in: a PIN or a new account counts as a fresh proof for a while. */
export type SignInMethod = 'password' | 'pin' | 'register' | 'api_key' | 'sub_account';

export interface Session {
  userId: string;
  scope: SessionScope;
  signedInBy: SignInMethod;
  createdAt: Date;
}

export interface NewSession {
  scope: SessionScope;
  signedInBy: SignInMethod;
  /** For a session switched into a sub-account: the main account that did it (its revocations reach this one too). */
  mainUserId?: string;
}

export interface SessionLifetimes {
  idleMs: number;
  absoluteMs: number;
}

const CACHE_MS = 5_000;
const REVOKED_CHANNEL = 'hamlog_session_revoked';
/** A notification payload ending every cached session of a user but one: `user:{userId}:{kept token hash}`. */
const USER_PREFIX = 'user:';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

interface SessionRow {
  user_id: string;
  scope: SessionScope;
  signed_in_by: SignInMethod;
  created_at: Date;
  last_seen_at: Date;
  main_user_id: string | null;
}

export class SessionStore {
  private readonly cache = new Map<string, { session: Session | null; mainUserId: string | null; until: number }>();
  private listener: ListenConnection | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly clock: () => Date = () => new Date(),
    private readonly lifetimes: SessionLifetimes = { idleMs: SESSION_IDLE_LIFETIME_MS, absoluteMs: SESSION_ABSOLUTE_LIFETIME_MS },
  ) {}

  /** Listens for revocations made by other processes so their cached sessions end at once. */
  async listenForRevocations(): Promise<void> {
    this.listener = await listenOn(
      this.pool,
      REVOKED_CHANNEL,
      (payload) => this.forget(payload),
      // Revocations made while the connection was down were not heard.
      () => this.cache.clear(),
    );
  }

  async create(userId: string, options: NewSession = { scope: 'full', signedInBy: 'password' }): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const at = this.clock();
    await this.pool.query(
      `INSERT INTO auth_sessions (token_hash, user_id, created_at, last_seen_at, scope, signed_in_by, main_user_id)
       VALUES ($1, $2, $3, $3, $4, $5, $6)`,
      [hashToken(token), userId, at, options.scope, options.signedInBy, options.mainUserId ?? null],
    );
    return token;
  }

  /** The live session of the token: not revoked, used within the idle lifetime and younger than the absolute one. */
  async find(token: string): Promise<Session | null> {
    const key = hashToken(token);
    const now = this.clock();
    const cached = this.cache.get(key);
    if (cached && cached.until > now.getTime()) return cached.session;
    const { rows } = await this.pool.query<SessionRow>(
      `SELECT user_id, scope, signed_in_by, created_at, last_seen_at, main_user_id FROM auth_sessions
       WHERE token_hash = $1 AND revoked_at IS NULL AND last_seen_at > $2 AND created_at > $3`,
      [key, new Date(now.getTime() - this.lifetimes.idleMs), new Date(now.getTime() - this.lifetimes.absoluteMs)],
    );
    const row = rows[0];
    if (row && now.getTime() - row.last_seen_at.getTime() > TOUCH_EVERY_MS) {
      await this.pool.query('UPDATE auth_sessions SET last_seen_at = $2 WHERE token_hash = $1 AND last_seen_at < $2', [key, now]);
    }
    const session: Session | null = row ? { userId: row.user_id, scope: row.scope, signedInBy: row.signed_in_by, createdAt: row.created_at } : null;
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(key, { session, mainUserId: row?.main_user_id ?? null, until: now.getTime() + CACHE_MS });
    return session;
  }

  async revoke(token: string): Promise<void> {
    const key = hashToken(token);
    this.cache.delete(key);
    await this.pool.query('UPDATE auth_sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [key, this.clock()]);
    await this.pool.query('SELECT pg_notify($1, $2)', [REVOKED_CHANNEL, key]);
  }

  /**
   * Ends every session of the user, and those it opened into its sub-accounts, except the one
   * with `keepToken` (the caller's). Answers how many ended; running it again ends none.
   */
  async revokeOthers(userId: string, keepToken: string): Promise<number> {
    const keep = hashToken(keepToken);
    const { rowCount } = await this.pool.query(
      `UPDATE auth_sessions SET revoked_at = $3
       WHERE (user_id = $1 OR main_user_id = $1) AND token_hash <> $2 AND revoked_at IS NULL`,
      [userId, keep, this.clock()],
    );
    const payload = `${USER_PREFIX}${userId}:${keep}`;
    this.forget(payload);
    await this.pool.query('SELECT pg_notify($1, $2)', [REVOKED_CHANNEL, payload]);
    return rowCount ?? 0;
  }

  /**
   * Ends the sessions signed in with the user's API key, and those they opened into its
   * sub-accounts: a new key cuts off whoever held the old one. Answers how many ended.
   */
  async revokeKeySessions(userId: string): Promise<number> {
    const { rowCount } = await this.pool.query(
      `UPDATE auth_sessions SET revoked_at = $2
       WHERE (user_id = $1 OR main_user_id = $1) AND scope = 'key' AND revoked_at IS NULL`,
      [userId, this.clock()],
    );
    // No token is kept: the user's every cached session is read again.
    const payload = `${USER_PREFIX}${userId}:`;
    this.forget(payload);
    await this.pool.query('SELECT pg_notify($1, $2)', [REVOKED_CHANNEL, payload]);
    return rowCount ?? 0;
  }

  /** Drops cached sessions named by a revocation payload: one token hash, or a user's all but one. */
  private forget(payload: string): void {
    if (!payload.startsWith(USER_PREFIX)) {
      this.cache.delete(payload);
      return;
    }
    const rest = payload.slice(USER_PREFIX.length);
    const split = rest.lastIndexOf(':');
    const userId = rest.slice(0, split);
    const keep = rest.slice(split + 1);
    for (const [key, entry] of this.cache) {
      if (key !== keep && (entry.session?.userId === userId || entry.mainUserId === userId)) this.cache.delete(key);
    }
  }

  async close(): Promise<void> {
    await this.listener?.close();
    this.listener = null;
  }
}
