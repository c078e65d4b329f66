import type { Supporter } from '@hamlog/domain';
import type { Pool } from '../../postgres/pool';

/** The longest supporters list answered. */
export const SUPPORTERS_LIMIT = 500;

/**
 * Donors who agreed to be listed, with their callsign and name as they are now (rm_users), most
 * recent donation first; sub-accounts and deleted users are not listed.
 */
export async function listedSupporters(pool: Pool): Promise<Supporter[]> {
  const { rows } = await pool.query<Supporter>(
    `SELECT u.my_callsign, u.name
       FROM (SELECT user_id, max(received_at) AS last_at FROM rm_donations WHERE listed AND user_id IS NOT NULL GROUP BY user_id) d
       JOIN rm_users u ON u.id = d.user_id
      ORDER BY d.last_at DESC, u.my_callsign
      LIMIT $1`,
    [SUPPORTERS_LIMIT],
  );
  return rows;
}
