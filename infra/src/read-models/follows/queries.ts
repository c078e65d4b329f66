import type pg from 'pg';

/** The ids of the users `followerId` follows, in the order they were followed. */
export async function followingOf(pool: pg.Pool, followerId: string): Promise<string[]> {
  const { rows } = await pool.query<{ user_id: string }>(
    'SELECT user_id FROM rm_follows WHERE follower_id = $1 ORDER BY followed_at, user_id',
    [followerId],
  );
  return rows.map((r) => r.user_id);
}

export async function isFollowing(pool: pg.Pool, followerId: string, userId: string): Promise<boolean> {
  const { rows } = await pool.query('SELECT 1 FROM rm_follows WHERE follower_id = $1 AND user_id = $2', [followerId, userId]);
  return rows.length > 0;
}
