import type pg from 'pg';

/** The users who asked to be left out of the leaderboards (profile setting exclude_from_leaderboards). */
export async function usersExcludedFromLeaderboards(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>('SELECT id FROM rm_users WHERE exclude_from_leaderboards ORDER BY id');
  return rows.map((r) => r.id);
}
