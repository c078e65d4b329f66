import type { Migration } from '../../postgres/migrations';

/**
 * Each user's photos, and their default photo (the profile image). Other read models' answers
 * read rm_default_photos for a user's profile_image_name ('missing.JPG' when there is no row).
 */
export const photosMigrations: Migration[] = [
  {
    id: '001_rm_photos',
    sql: `CREATE TABLE rm_photos (
      photo_id text PRIMARY KEY,
      user_id text NOT NULL,
      file_name text NOT NULL,
      thumbnail_name text NOT NULL,
      format text NOT NULL,
      bytes integer NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX rm_photos_by_user ON rm_photos (user_id, created_at DESC, photo_id DESC);
    CREATE TABLE rm_default_photos (
      user_id text PRIMARY KEY,
      photo_id text NOT NULL,
      file_name text NOT NULL
    );`,
  },
  {
    // Upload times have second precision; the log position orders photos uploaded in the same second.
    id: '002_rm_photos_position',
    sql: `ALTER TABLE rm_photos ADD COLUMN position bigint NOT NULL DEFAULT 0;
    DROP INDEX rm_photos_by_user;
    CREATE INDEX rm_photos_by_user ON rm_photos (user_id, position DESC);`,
  },
];
