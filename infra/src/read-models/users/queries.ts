import type pg from 'pg';
import type { UserRecord } from '@hamlog/domain';

export async function findUser(pool: pg.Pool, id: string): Promise<UserRecord | null> {
  const { rows } = await pool.query<{
    id: string;
    email: string;
    my_callsign: string;
    name: string;
    api_key: string;
    has_password: boolean;
    created_at: string;
  }>(
    `SELECT id, email, my_callsign, name, api_key, has_password,
       to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at FROM rm_users WHERE id = $1`,
    [id],
  );
  const r = rows[0];
  if (!r) return null;
  return { id: r.id, email: r.email, callsign: r.my_callsign, name: r.name, apiKey: r.api_key, hasPassword: r.has_password, createdAt: r.created_at };
}
