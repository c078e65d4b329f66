import type pg from 'pg';
import type { StationCategory } from '@hamlog/domain/contests/rules/rules';

/** The categories the contest's stations chose, by user id (stations that chose none are not in it). */
export async function chosenCategories(pool: pg.Pool, contestId: string, userIds?: readonly string[]): Promise<Map<string, StationCategory>> {
  const { rows } = userIds
    ? await pool.query<{ user_id: string; category: StationCategory }>('SELECT user_id, category FROM rm_contest_entries WHERE contest_id = $1 AND user_id = ANY($2)', [contestId, userIds])
    : await pool.query<{ user_id: string; category: StationCategory }>('SELECT user_id, category FROM rm_contest_entries WHERE contest_id = $1', [contestId]);
  return new Map(rows.map((row) => [row.user_id, row.category]));
}
