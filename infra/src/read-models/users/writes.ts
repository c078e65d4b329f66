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

export async function insertManagedUser(
  client: ClientBase,
  user: { id: string; callsign: string; apiKey: string; managedById: string; managedByCallsign: string; createdAt: string },
): Promise<void> {
  await client.query(
    `INSERT INTO rm_users (id, email, my_callsign, api_key, created_at, managed_by_id, managed_by_callsign)
     VALUES ($1, '', $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
    [user.id, user.callsign, user.apiKey, user.createdAt, user.managedById, user.managedByCallsign],
  );
}

/** Sets every profile column; `profile` is keyed by the API names, which are the column names. */
export async function setProfile(client: ClientBase, userId: string, profile: Record<string, string | boolean>): Promise<void> {
  const columns = Object.keys(profile);
  if (columns.some((c) => !/^[a-z_]+$/.test(c))) throw new Error('bad profile column');
  await client.query(
    `UPDATE rm_users SET ${columns.map((c, i) => `${c} = $${i + 2}`).join(', ')} WHERE id = $1`,
    [userId, ...columns.map((c) => profile[c])],
  );
}

export async function setEmail(client: ClientBase, userId: string, email: string): Promise<void> {
  await client.query('UPDATE rm_users SET email = $2 WHERE id = $1', [userId, email]);
}

export async function setApiKey(client: ClientBase, userId: string, apiKey: string): Promise<void> {
  await client.query('UPDATE rm_users SET api_key = $2 WHERE id = $1', [userId, apiKey]);
}

export async function setSubscription(
  client: ClientBase,
  userId: string,
  subscription: { level: string | null; expiryDate: string | null; paid: boolean },
): Promise<void> {
  await client.query('UPDATE rm_users SET subscription_level = $2, subscription_expiry = $3, paid_subscription = $4 WHERE id = $1', [
    userId,
    subscription.level,
    subscription.expiryDate,
    subscription.paid,
  ]);
}

/** The account's new callsign; its sub-accounts name their main account by it. A new callsign is unverified. */
export async function setCallsign(client: ClientBase, userId: string, callsign: string): Promise<void> {
  await client.query('UPDATE rm_users SET my_callsign = $2, callsign_verified = false WHERE id = $1', [userId, callsign]);
  await client.query('UPDATE rm_users SET managed_by_callsign = $2 WHERE managed_by_id = $1', [userId, callsign]);
}

export async function markCallsignVerified(client: ClientBase, userId: string): Promise<void> {
  await client.query('UPDATE rm_users SET callsign_verified = true WHERE id = $1', [userId]);
}

export async function setAdmin(client: ClientBase, userId: string, isAdmin: boolean): Promise<void> {
  await client.query('UPDATE rm_users SET is_admin = $2 WHERE id = $1', [userId, isAdmin]);
}
