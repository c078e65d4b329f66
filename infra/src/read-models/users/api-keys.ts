/**
 * API keys (decision 0036): each account's read-write key (rm_users.api_key) and its read-only
 * keys (rm_api_keys), and the stations a key may log under.
 */
import type pg from 'pg';
import type { ClientBase } from 'pg';
import type { ApiKeyRights, CloudlogStation } from '@hamlog/domain';
import { utcIso } from '../../postgres/sql-time';

export async function insertReadOnlyKey(client: ClientBase, key: { userId: string; keyId: string; apiKey: string; createdAt: string }): Promise<void> {
  await client.query(
    `INSERT INTO rm_api_keys (api_key, key_id, user_id, rights, created_at) VALUES ($1, $2, $3, 'r', $4) ON CONFLICT DO NOTHING`,
    [key.apiKey, key.keyId, key.userId, key.createdAt],
  );
}

export async function deleteReadOnlyKey(client: ClientBase, userId: string, keyId: string): Promise<void> {
  await client.query('DELETE FROM rm_api_keys WHERE user_id = $1 AND key_id = $2', [userId, keyId]);
}

export interface ApiKeyAccess {
  userId: string;
  rights: ApiKeyRights;
}

/** Whose key this is and what it may do, or null for no key of ours. */
export async function findApiKey(pool: pg.Pool, apiKey: string): Promise<ApiKeyAccess | null> {
  const { rows } = await pool.query<{ user_id: string; rights: ApiKeyRights }>({
    name: 'cloudlog-find-api-key',
    text: `SELECT id AS user_id, 'rw' AS rights FROM rm_users WHERE api_key = $1
           UNION ALL SELECT user_id, rights FROM rm_api_keys WHERE api_key = $1 LIMIT 1`,
    values: [apiKey],
  });
  const row = rows[0];
  return row ? { userId: row.user_id, rights: row.rights } : null;
}

export interface ReadOnlyKeyRow {
  keyId: string;
  apiKey: string;
  /** ISO 8601 UTC. */
  createdAt: string;
}

/** A user's read-only keys, oldest first. */
export async function readOnlyKeysOf(pool: pg.Pool, userId: string): Promise<ReadOnlyKeyRow[]> {
  const { rows } = await pool.query<{ key_id: string; api_key: string; created_at: string }>(
    `SELECT key_id, api_key, ${utcIso('created_at')} AS created_at FROM rm_api_keys WHERE user_id = $1 ORDER BY created_at, key_id`,
    [userId],
  );
  return rows.map((r) => ({ keyId: r.key_id, apiKey: r.api_key, createdAt: r.created_at }));
}

/**
 * The stations a key of this user may log under: the user's own first, then, for a main account,
 * its sub-accounts in the order they were added (sub-accounts are never removed, so the numbers
 * station_info gives them stay theirs).
 */
export async function stationsOf(pool: pg.Pool, userId: string): Promise<CloudlogStation[]> {
  const { rows } = await pool.query<{ id: string; my_callsign: string; name: string; grid: string }>({
    name: 'cloudlog-stations-of',
    text: `SELECT id, my_callsign, name, grid, 0 AS rank, created_at FROM rm_users WHERE id = $1
           UNION ALL SELECT id, my_callsign, name, grid, 1 AS rank, created_at FROM rm_users WHERE managed_by_id = $1
           ORDER BY rank, created_at, my_callsign`,
    values: [userId],
  });
  return rows.map((r) => ({ userId: r.id, callsign: r.my_callsign, name: r.name, grid: r.grid }));
}
