import type pg from 'pg';

export interface AwardProgressOwner {
  userId: string;
  /** The station's callsign as the account holds it (upper case). */
  callsign: string;
}

/**
 * The user holding this callsign (any case; the rm_users_callsign index, the oldest account were
 * there two) when they turned on 'Show my award progress on my public page'
 * (profile setting show_award_progress); null when there is no such user or the setting is off.
 */
export async function awardProgressOwner(pool: pg.Pool, callsign: string): Promise<AwardProgressOwner | null> {
  const { rows } = await pool.query<{ id: string; my_callsign: string; show_award_progress: boolean }>(
    'SELECT id, my_callsign, show_award_progress FROM rm_users WHERE my_callsign = $1 ORDER BY created_at, id LIMIT 1',
    [callsign.trim().toUpperCase()],
  );
  const r = rows[0];
  return r?.show_award_progress === true ? { userId: r.id, callsign: r.my_callsign } : null;
}
