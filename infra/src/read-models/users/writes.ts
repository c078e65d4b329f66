import type { ClientBase } from 'pg';

export async function insertUser(
  client: ClientBase,
  user: { id: string; email: string; callsign: string; apiKey: string; refId: string | null; createdAt: string },
): Promise<void> {
  await client.query(
    `INSERT INTO rm_users (id, email, my_callsign, api_key, ref_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (id) DO NOTHING`,
    [user.id, user.email, user.callsign, user.apiKey, user.refId, user.createdAt],
  );
}

export async function markPasswordSet(client: ClientBase, userId: string): Promise<void> {
  await client.query('UPDATE rm_users SET has_password = true WHERE id = $1', [userId]);
}
