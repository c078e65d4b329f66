import type { ClientBase } from 'pg';

export async function addFollow(client: ClientBase, follow: { followerId: string; userId: string; at: string }): Promise<void> {
  await client.query(
    'INSERT INTO rm_follows (follower_id, user_id, followed_at) VALUES ($1, $2, $3) ON CONFLICT (follower_id, user_id) DO NOTHING',
    [follow.followerId, follow.userId, follow.at],
  );
}

export async function removeFollow(client: ClientBase, follow: { followerId: string; userId: string }): Promise<void> {
  await client.query('DELETE FROM rm_follows WHERE follower_id = $1 AND user_id = $2', [follow.followerId, follow.userId]);
}
