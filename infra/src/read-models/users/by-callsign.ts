import type pg from 'pg';

export interface CallsignOwner {
  id: string;
  name: string;
  callsign: string;
}

/** The user whose own callsign this is (rm_users_callsign index), or null; the oldest account were there two. */
export async function findUserByCallsign(pool: pg.Pool, callsign: string): Promise<CallsignOwner | null> {
  const { rows } = await pool.query<{ id: string; name: string; my_callsign: string }>(
    'SELECT id, name, my_callsign FROM rm_users WHERE my_callsign = $1 ORDER BY created_at, id LIMIT 1',
    [callsign],
  );
  const r = rows[0];
  return r ? { id: r.id, name: r.name, callsign: r.my_callsign } : null;
}
