import type { DailyAwardsComputed, SubscriptionChange } from '@hamlog/domain';
import type { ClientBase } from 'pg';

/** A day's computation replaces the day's awards; an older one (a replay) changes nothing. */
export async function recordAwardDay(client: ClientBase, data: DailyAwardsComputed['data'], position: number): Promise<void> {
  const { rowCount } = await client.query(
    `INSERT INTO rm_award_days (day, phase, cutoff, computed_at, position) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (day) DO UPDATE SET phase = EXCLUDED.phase, cutoff = EXCLUDED.cutoff, computed_at = EXCLUDED.computed_at, position = EXCLUDED.position
     WHERE rm_award_days.position < EXCLUDED.position`,
    [data.day, data.phase, data.cutoff, data.computedAt, position],
  );
  if (rowCount === 0) return;
  await client.query('DELETE FROM rm_awards WHERE day = $1', [data.day]);
  if (data.awards.length === 0) return;
  const awards = data.awards;
  await client.query(
    `INSERT INTO rm_awards (id, day, award_key, sort, name, short_name, user_id, callsign, qso_count, final, position)
     SELECT $1::date::text || '-' || k, $1::date, k, s, n, sn, u, c, q, $2, $3
     FROM unnest($4::text[], $5::int[], $6::text[], $7::text[], $8::text[], $9::text[], $10::int[]) AS a(k, s, n, sn, u, c, q)`,
    [
      data.day,
      data.phase === 'final',
      position,
      awards.map((a) => a.award),
      awards.map((_, i) => i),
      awards.map((a) => a.name),
      awards.map((a) => a.shortName),
      awards.map((a) => a.userId),
      awards.map((a) => a.callsign),
      awards.map((a) => a.count),
    ],
  );
}

/** A sub-account: its main account's subscription applies to it. */
export async function recordAwardAccount(client: ClientBase, userId: string, mainUserId: string): Promise<void> {
  await client.query('INSERT INTO rm_award_accounts (user_id, main_user_id) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING', [userId, mainUserId]);
}

export async function recordAwardSubscription(client: ClientBase, userId: string, position: number, change: SubscriptionChange): Promise<void> {
  await client.query(
    `INSERT INTO rm_award_subscriptions (user_id, position, changed_at, level, expiry_date) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, position) DO NOTHING`,
    [userId, position, change.at, change.level, change.expiryDate],
  );
}

/** Kept only when the flag changes (a profile update mostly changes other fields). */
export async function recordAwardExclusion(client: ClientBase, userId: string, position: number, at: string, excluded: boolean): Promise<void> {
  await client.query(
    `INSERT INTO rm_award_exclusions (user_id, position, changed_at, excluded)
     SELECT $1, $2, $3, $4
     WHERE COALESCE((SELECT excluded FROM rm_award_exclusions WHERE user_id = $1 AND position < $2 ORDER BY position DESC LIMIT 1), false) IS DISTINCT FROM $4
     ON CONFLICT (user_id, position) DO NOTHING`,
    [userId, position, at, excluded],
  );
}
