import type pg from 'pg';
import type { CommunityUserSummary } from '@hamlog/domain';
import { profileImageSql } from '../photos/queries';

/** Callsign, name and picture of each of the users that exist, by id (for boards and lists of people). */
export async function communityUserSummaries(pool: pg.Pool, userIds: readonly string[]): Promise<Map<string, CommunityUserSummary>> {
  const summaries = new Map<string, CommunityUserSummary>();
  if (userIds.length === 0) return summaries;
  const { rows } = await pool.query<CommunityUserSummary>(
    `SELECT u.id, u.my_callsign, u.name, ${profileImageSql('u.id')} AS profile_image_name
     FROM rm_users u WHERE u.id = ANY($1::text[])`,
    [[...new Set(userIds)]],
  );
  for (const row of rows) summaries.set(row.id, row);
  return summaries;
}
