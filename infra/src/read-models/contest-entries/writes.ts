import type { ClientBase } from 'pg';
import type { StationCategory } from '@hamlog/domain/contests/rules/rules';

/** The station's category in the contest; an older event (a replay out of order) never overwrites a newer one. */
export async function chooseContestCategory(client: ClientBase, entry: { contestId: string; userId: string; category: StationCategory; at: string; position: number }): Promise<void> {
  await client.query(
    `INSERT INTO rm_contest_entries (contest_id, user_id, category, chosen_at, position) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (contest_id, user_id) DO UPDATE SET category = EXCLUDED.category, chosen_at = EXCLUDED.chosen_at, position = EXCLUDED.position
     WHERE rm_contest_entries.position < EXCLUDED.position`,
    [entry.contestId, entry.userId, JSON.stringify(entry.category), entry.at, entry.position],
  );
}
