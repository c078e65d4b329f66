import type pg from 'pg';
import { youtubeWatchUrl, type Post } from '@hamlog/domain';
import { utcIso } from '../../postgres/sql-time';
import { profileImageSql } from '../photos/queries';

interface PostRow {
  id: string;
  user_id: string;
  title: string;
  body: string;
  youtube_video_id: string | null;
  hero_image_name: string | null;
  hero_thumbnail_name: string | null;
  created_at: string;
  updated_at: string;
  name: string | null;
  my_callsign: string | null;
  profile_image_name: string;
}

const SELECT = `SELECT p.post_id AS id, p.user_id, p.title, p.body, p.youtube_video_id, p.hero_image_name, p.hero_thumbnail_name,
    ${utcIso('p.created_at')} AS created_at, ${utcIso('p.updated_at')} AS updated_at,
    u.name, u.my_callsign, ${profileImageSql('p.user_id')} AS profile_image_name
  FROM rm_posts p LEFT JOIN rm_users u ON u.id = p.user_id`;

function apiPost(row: PostRow): Post {
  return {
    id: row.id,
    user_id: row.user_id,
    user: { name: row.name ?? '', my_callsign: row.my_callsign ?? '', profile_image_name: row.profile_image_name },
    title: row.title,
    body: row.body,
    keywords: '',
    youtube_video_id: row.youtube_video_id,
    video_url: row.youtube_video_id ? youtubeWatchUrl(row.youtube_video_id) : null,
    hero_image: row.hero_image_name,
    hero_image_name: row.hero_image_name,
    hero_thumbnail_name: row.hero_thumbnail_name,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function postById(pool: pg.Pool, postId: string): Promise<Post | null> {
  const { rows } = await pool.query<PostRow>(`${SELECT} WHERE p.post_id = $1`, [postId]);
  return rows[0] ? apiPost(rows[0]) : null;
}

/** One page (1-based) of posts, newest first, and how many there are; `videosOnly` keeps posts with a YouTube video. */
export async function postsPage(pool: pg.Pool, page: number, size: number, videosOnly: boolean): Promise<{ posts: Post[]; total: number }> {
  const where = videosOnly ? 'WHERE p.youtube_video_id IS NOT NULL' : '';
  const [list, count] = await Promise.all([
    pool.query<PostRow>(`${SELECT} ${where} ORDER BY p.position DESC LIMIT $1 OFFSET $2`, [size, (page - 1) * size]),
    pool.query<{ total: string }>(`SELECT count(*) AS total FROM rm_posts p ${where}`),
  ]);
  return { posts: list.rows.map(apiPost), total: Number(count.rows[0]?.total ?? 0) };
}

/** A user's posts for their profile (id and title), newest first. */
export async function postTitlesOf(pool: pg.Pool, userId: string, limit: number): Promise<{ id: string; title: string }[]> {
  const { rows } = await pool.query<{ id: string; title: string }>(
    'SELECT post_id AS id, title FROM rm_posts WHERE user_id = $1 ORDER BY position DESC LIMIT $2',
    [userId, limit],
  );
  return rows;
}
