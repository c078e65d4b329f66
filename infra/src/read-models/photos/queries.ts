import type pg from 'pg';
import { MISSING_PROFILE_IMAGE, type Photo } from '@hamlog/domain';
import { utcIso } from '../../postgres/sql-time';

/** A user's photos, newest first (all of them, or the first `limit`). */
export async function photosOf(pool: pg.Pool, userId: string, limit?: number): Promise<Photo[]> {
  const { rows } = await pool.query<Photo>(
    `SELECT photo_id AS id, file_name AS profile_image_name, thumbnail_name, ${utcIso('created_at')} AS created_at
     FROM rm_photos WHERE user_id = $1 ORDER BY position DESC LIMIT $2`,
    [userId, limit ?? null],
  );
  return rows;
}

/** The users' profile image names: their default photo's file, else 'missing.JPG'. */
export async function profileImageNames(pool: pg.Pool, userIds: readonly string[]): Promise<Map<string, string>> {
  const names = new Map(userIds.map((id) => [id, MISSING_PROFILE_IMAGE]));
  if (userIds.length === 0) return names;
  const { rows } = await pool.query<{ user_id: string; file_name: string }>(
    'SELECT user_id, file_name FROM rm_default_photos WHERE user_id = ANY($1::text[])',
    [[...new Set(userIds)]],
  );
  for (const row of rows) names.set(row.user_id, row.file_name);
  return names;
}

export async function profileImageName(pool: pg.Pool, userId: string): Promise<string> {
  return (await profileImageNames(pool, [userId])).get(userId) ?? MISSING_PROFILE_IMAGE;
}

/** The same as an SQL expression, for queries that read users: `SELECT ${profileImageSql('u.id')} AS profile_image_name FROM rm_users u`. */
export const profileImageSql = (userIdColumn: string): string =>
  `COALESCE((SELECT dp.file_name FROM rm_default_photos dp WHERE dp.user_id = ${userIdColumn}), '${MISSING_PROFILE_IMAGE}')`;
