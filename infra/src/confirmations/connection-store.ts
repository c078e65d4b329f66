import type { SyncedService } from '@hamlog/domain';
import type pg from 'pg';
import { SERVER_SECRET_NAMES, sealerWithKey, serverSecret, type TextSealer } from '../auth/server-secrets';
import { runMigrations, type Migration } from '../postgres/migrations';

/**
 * Users' connections to the confirmation services and how each one's sync stands. Kept out of
 * the event log (which is forever and copied to the stream): credentials can be replaced and
 * deleted here. Secrets are sealed (AES-256-GCM) with CREDENTIALS_KEY when set (a key the
 * database does not hold), else with a server secret; a row never holds one in clear.
 */
export const connectionMigrations: Migration[] = [
  {
    id: '001_service_connections',
    sql: `CREATE TABLE service_connections (
      user_id text NOT NULL,
      service text NOT NULL,
      settings jsonb NOT NULL,
      secrets text NOT NULL,
      auto_sync boolean NOT NULL DEFAULT true,
      status text NOT NULL DEFAULT 'idle',
      last_sync_at timestamptz,
      last_error text,
      last_result text,
      cursor jsonb NOT NULL DEFAULT '{}',
      connected_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, service)
    );
    CREATE TABLE service_qso_rejections (
      user_id text NOT NULL,
      service text NOT NULL,
      qdo_id text NOT NULL,
      reason text NOT NULL,
      content_hash text NOT NULL,
      at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, service, qdo_id)
    );`,
  },
];

export type ConnectionStatus = 'idle' | 'queued' | 'syncing' | 'error' | 'stopped';

export interface ServiceConnection {
  userId: string;
  service: SyncedService;
  settings: Record<string, string>;
  secrets: Record<string, string>;
  autoSync: boolean;
  status: ConnectionStatus;
  lastSyncAt: Date | null;
  lastError: string | null;
  /** What the last sync did, in words ('3 sent, 2 confirmed'). */
  lastResult: string | null;
  cursor: Record<string, string>;
}

/** The key of CREDENTIALS_KEY: 32 bytes as base64 or hex. */
export function credentialsKeyFrom(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('CREDENTIALS_KEY must be 32 bytes, as 64 hex digits or base64');
  return key;
}

type Row = { user_id: string; service: SyncedService; settings: Record<string, string>; secrets: string; auto_sync: boolean; status: ConnectionStatus; last_sync_at: Date | null; last_error: string | null; last_result: string | null; cursor: Record<string, string> };

/** The sealer of users' credentials at other services: CREDENTIALS_KEY's key, else the server secret. */
export function credentialsSealer(pool: pg.Pool, credentialsKey: string | undefined): TextSealer {
  const key = credentialsKey ? credentialsKeyFrom(credentialsKey) : null;
  return sealerWithKey(key ? async () => key : () => serverSecret(pool, SERVER_SECRET_NAMES.serviceCredentials));
}

export class ConnectionStore {
  private readonly sealer: TextSealer;
  private ready: Promise<unknown> | null = null;

  constructor(private readonly pool: pg.Pool, credentialsKey?: string) {
    this.sealer = credentialsSealer(pool, credentialsKey);
  }

  private migrated(): Promise<unknown> {
    this.ready ??= runMigrations(this.pool, 'service-connections', connectionMigrations).catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  private async toConnection(row: Row): Promise<ServiceConnection> {
    const opened = await this.sealer.open(row.secrets);
    return {
      userId: row.user_id,
      service: row.service,
      settings: row.settings,
      secrets: opened ? (JSON.parse(opened) as Record<string, string>) : {},
      autoSync: row.auto_sync,
      status: row.status,
      lastSyncAt: row.last_sync_at,
      lastError: row.last_error,
      lastResult: row.last_result,
      cursor: row.cursor,
    };
  }

  async get(userId: string, service: SyncedService): Promise<ServiceConnection | null> {
    await this.migrated();
    const { rows } = await this.pool.query<Row>('SELECT * FROM service_connections WHERE user_id = $1 AND service = $2', [userId, service]);
    return rows[0] ? this.toConnection(rows[0]) : null;
  }

  async list(userId: string): Promise<ServiceConnection[]> {
    await this.migrated();
    const { rows } = await this.pool.query<Row>('SELECT * FROM service_connections WHERE user_id = $1', [userId]);
    return Promise.all(rows.map((r) => this.toConnection(r)));
  }

  /** Every automatic connection (the sweeps, and which users' QSOs wake a sync). */
  async allAutoSyncing(): Promise<{ userId: string; service: SyncedService }[]> {
    await this.migrated();
    const { rows } = await this.pool.query<{ user_id: string; service: SyncedService }>(`SELECT user_id, service FROM service_connections WHERE auto_sync AND status <> 'stopped'`);
    return rows.map((r) => ({ userId: r.user_id, service: r.service }));
  }

  /** Connects (or reconnects: the given secrets replace the stored ones, the rest are kept; a stopped sync starts again). */
  async connect(userId: string, service: SyncedService, settings: Record<string, string>, secrets: Record<string, string>, autoSync: boolean): Promise<void> {
    const current = await this.get(userId, service);
    const sealed = await this.sealer.seal(JSON.stringify({ ...current?.secrets, ...secrets }));
    await this.pool.query(
      `INSERT INTO service_connections (user_id, service, settings, secrets, auto_sync) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, service) DO UPDATE SET settings = EXCLUDED.settings, secrets = EXCLUDED.secrets, auto_sync = EXCLUDED.auto_sync,
         status = 'idle', last_error = NULL`,
      [userId, service, JSON.stringify(settings), sealed, autoSync],
    );
  }

  async disconnect(userId: string, service: SyncedService): Promise<void> {
    await this.migrated();
    await this.pool.query('DELETE FROM service_connections WHERE user_id = $1 AND service = $2', [userId, service]);
    await this.pool.query('DELETE FROM service_qso_rejections WHERE user_id = $1 AND service = $2', [userId, service]);
  }

  async setStatus(userId: string, service: SyncedService, status: ConnectionStatus, lastError: string | null): Promise<void> {
    await this.migrated();
    await this.pool.query('UPDATE service_connections SET status = $3, last_error = $4 WHERE user_id = $1 AND service = $2', [userId, service, status, lastError]);
  }

  /** Waiting for a worker ('Sync now'): the last error stays shown until the sync has run. */
  async queued(userId: string, service: SyncedService): Promise<void> {
    await this.migrated();
    await this.pool.query(`UPDATE service_connections SET status = 'queued' WHERE user_id = $1 AND service = $2`, [userId, service]);
  }

  /** A sync that went through: idle, no error, what it did. */
  async synced(userId: string, service: SyncedService, result: string): Promise<void> {
    await this.pool.query(
      `UPDATE service_connections SET status = 'idle', last_error = NULL, last_result = $3, last_sync_at = now() WHERE user_id = $1 AND service = $2`,
      [userId, service, result],
    );
  }

  async setCursor(userId: string, service: SyncedService, cursor: Record<string, string>): Promise<void> {
    await this.pool.query('UPDATE service_connections SET cursor = cursor || $3::jsonb WHERE user_id = $1 AND service = $2', [userId, service, JSON.stringify(cursor)]);
  }

  async reject(userId: string, service: SyncedService, rejections: readonly { qdoId: string; reason: string; contentHash: string }[]): Promise<void> {
    if (rejections.length === 0) return;
    await this.pool.query(
      `INSERT INTO service_qso_rejections (user_id, service, qdo_id, reason, content_hash)
       SELECT $1, $2, * FROM unnest($3::text[], $4::text[], $5::text[])
       ON CONFLICT (user_id, service, qdo_id) DO UPDATE SET reason = EXCLUDED.reason, content_hash = EXCLUDED.content_hash, at = now()`,
      [userId, service, rejections.map((r) => r.qdoId), rejections.map((r) => r.reason), rejections.map((r) => r.contentHash)],
    );
  }

  /** Why services refused one QSO of the user's (newest first). */
  async rejectionsOf(userId: string, qdoId: string): Promise<{ service: SyncedService; reason: string; at: string }[]> {
    await this.migrated();
    const { rows } = await this.pool.query<{ service: SyncedService; reason: string; at: Date }>(
      'SELECT service, reason, at FROM service_qso_rejections WHERE user_id = $1 AND qdo_id = $2 ORDER BY at DESC',
      [userId, qdoId],
    );
    return rows.map((r) => ({ service: r.service, reason: r.reason, at: r.at.toISOString() }));
  }

  async clearRejections(userId: string, service: SyncedService, qdoIds: readonly string[]): Promise<void> {
    if (qdoIds.length === 0) return;
    await this.pool.query('DELETE FROM service_qso_rejections WHERE user_id = $1 AND service = $2 AND qdo_id = ANY($3::text[])', [userId, service, qdoIds]);
  }
}
