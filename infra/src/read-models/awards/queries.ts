import type { AwardItem, AwardStation, ExclusionChange, SubscriptionChange } from '@hamlog/domain';
import type pg from 'pg';
import { utcIsoMs } from '../../postgres/sql-time';
import { profileImageSql } from '../photos/queries';

const AWARD_DATE = `to_char(a.day, 'YYYY-MM-DD')`;

/** The newest awards: the latest day first, each day's in catalogue order, with the winner as the site shows them now. */
export async function latestAwards(pool: pg.Pool, limit: number): Promise<AwardItem[]> {
  const { rows } = await pool.query<{
    id: string;
    name: string;
    short_name: string;
    award_date: string;
    qso_count: number;
    user_id: string;
    my_callsign: string;
    user_name: string;
    profile_image_name: string;
    final: boolean;
  }>(
    `SELECT a.id, a.name, a.short_name, ${AWARD_DATE} AS award_date, a.qso_count, a.user_id, a.final,
       COALESCE(u.my_callsign, a.callsign) AS my_callsign, COALESCE(u.name, '') AS user_name,
       ${profileImageSql('a.user_id')} AS profile_image_name
     FROM rm_awards a LEFT JOIN rm_users u ON u.id = a.user_id
     ORDER BY a.day DESC, a.sort LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    id: r.id,
    award: { name: r.name, short_name: r.short_name },
    award_date: r.award_date,
    qso_count: r.qso_count,
    user: { id: r.user_id, my_callsign: r.my_callsign, name: r.user_name, profile_image_name: r.profile_image_name },
    final: r.final,
  }));
}

export interface AwardRecord {
  id: string;
  day: string;
  name: string;
  shortName: string;
  awardKey: string;
  /** The callsign it was won under. */
  callsign: string;
  count: number;
  final: boolean;
  /** The log position of the computation that gave it. */
  position: number;
}

export async function findAward(pool: pg.Pool, id: string): Promise<AwardRecord | null> {
  const { rows } = await pool.query<{ id: string; day: string; name: string; short_name: string; award_key: string; callsign: string; qso_count: number; final: boolean; position: string }>(
    `SELECT a.id, ${AWARD_DATE} AS day, a.name, a.short_name, a.award_key, a.callsign, a.qso_count, a.final, a.position FROM rm_awards a WHERE a.id = $1`,
    [id],
  );
  const r = rows[0];
  return r
    ? { id: r.id, day: r.day, name: r.name, shortName: r.short_name, awardKey: r.award_key, callsign: r.callsign, count: r.qso_count, final: r.final, position: Number(r.position) }
    : null;
}

/** A user's awards for their public profile (user_awards), newest first. */
export async function awardsOfUser(pool: pg.Pool, userId: string, limit: number): Promise<{ id: string; award: { name: string; short_name: string }; award_date: string }[]> {
  const { rows } = await pool.query<{ id: string; name: string; short_name: string; award_date: string }>(
    `SELECT a.id, a.name, a.short_name, ${AWARD_DATE} AS award_date FROM rm_awards a WHERE a.user_id = $1 ORDER BY a.day DESC, a.sort LIMIT $2`,
    [userId, limit],
  );
  return rows.map((r) => ({ id: r.id, award: { name: r.name, short_name: r.short_name }, award_date: r.award_date }));
}

/** What the award rules need of these stations: their (main account's) subscription changes and their exclusions, in log order. */
export async function awardStations(pool: pg.Pool, userIds: readonly string[]): Promise<AwardStation[]> {
  if (userIds.length === 0) return [];
  const ids = [...new Set(userIds)];
  const { rows: accounts } = await pool.query<{ user_id: string; account_id: string }>(
    `SELECT s.user_id, COALESCE(a.main_user_id, s.user_id) AS account_id
     FROM unnest($1::text[]) AS s(user_id) LEFT JOIN rm_award_accounts a ON a.user_id = s.user_id`,
    [ids],
  );
  const accountIds = [...new Set(accounts.map((a) => a.account_id))];
  const [subscriptions, exclusions] = await Promise.all([
    pool.query<{ user_id: string; at: string; level: string | null; expiry_date: string | null }>(
      `SELECT user_id, ${utcIsoMs('changed_at')} AS at, level, ${utcIsoMs('expiry_date')} AS expiry_date
       FROM rm_award_subscriptions WHERE user_id = ANY($1::text[]) ORDER BY user_id, position`,
      [accountIds],
    ),
    pool.query<{ user_id: string; at: string; excluded: boolean }>(
      `SELECT user_id, ${utcIsoMs('changed_at')} AS at, excluded FROM rm_award_exclusions WHERE user_id = ANY($1::text[]) ORDER BY user_id, position`,
      [ids],
    ),
  ]);
  const changesOf = new Map<string, SubscriptionChange[]>();
  for (const r of subscriptions.rows) {
    const list = changesOf.get(r.user_id) ?? [];
    list.push({ at: r.at, level: r.level, expiryDate: r.expiry_date });
    changesOf.set(r.user_id, list);
  }
  const exclusionsOf = new Map<string, ExclusionChange[]>();
  for (const r of exclusions.rows) {
    const list = exclusionsOf.get(r.user_id) ?? [];
    list.push({ at: r.at, excluded: r.excluded });
    exclusionsOf.set(r.user_id, list);
  }
  return accounts.map((a) => ({
    userId: a.user_id,
    subscriptionChanges: changesOf.get(a.account_id) ?? [],
    exclusionChanges: exclusionsOf.get(a.user_id) ?? [],
  }));
}
