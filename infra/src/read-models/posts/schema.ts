import type { Migration } from '../../postgres/migrations';

/**
 * News posts, newest first by the log position of their publication (an update keeps the place).
 * Answers join rm_users and rm_default_photos for the author (name, callsign, profile image).
 */
export const postsMigrations: Migration[] = [
  {
    id: '001_rm_posts',
    sql: `CREATE TABLE rm_posts (
      post_id text PRIMARY KEY,
      user_id text NOT NULL,
      title text NOT NULL,
      body text NOT NULL,
      youtube_video_id text,
      hero_image_name text,
      hero_thumbnail_name text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      position bigint NOT NULL
    );
    CREATE INDEX rm_posts_newest ON rm_posts (position DESC);
    CREATE INDEX rm_posts_videos_newest ON rm_posts (position DESC) WHERE youtube_video_id IS NOT NULL;
    CREATE INDEX rm_posts_by_user ON rm_posts (user_id, position DESC);`,
  },
];
