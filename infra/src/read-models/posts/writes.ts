import type { ClientBase } from 'pg';
import type { PostContent } from '@hamlog/domain';

export interface PostRowInput extends PostContent {
  postId: string;
  userId: string;
  at: string;
  position: number;
}

/** A published post (a replay writes it again with the same values). */
export async function insertPost(client: ClientBase, p: PostRowInput): Promise<void> {
  await client.query(
    `INSERT INTO rm_posts (post_id, user_id, title, body, youtube_video_id, hero_image_name, hero_thumbnail_name, created_at, updated_at, position)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9)
     ON CONFLICT (post_id) DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body, youtube_video_id = EXCLUDED.youtube_video_id,
       hero_image_name = EXCLUDED.hero_image_name, hero_thumbnail_name = EXCLUDED.hero_thumbnail_name,
       created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at, position = EXCLUDED.position`,
    [p.postId, p.userId, p.title, p.body, p.youtubeVideoId, p.heroImage?.fileName ?? null, p.heroImage?.thumbnailName ?? null, p.at, p.position],
  );
}

/** An update: the content changes, the place in the news does not. */
export async function updatePost(client: ClientBase, p: Omit<PostRowInput, 'position'>): Promise<void> {
  await client.query(
    `UPDATE rm_posts SET title = $2, body = $3, youtube_video_id = $4, hero_image_name = $5, hero_thumbnail_name = $6, updated_at = $7
     WHERE post_id = $1`,
    [p.postId, p.title, p.body, p.youtubeVideoId, p.heroImage?.fileName ?? null, p.heroImage?.thumbnailName ?? null, p.at],
  );
}
