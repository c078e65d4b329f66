/**
 * The admin statistics over the users read model (rm_users, PostgreSQL in every shape): who is an
 * administrator, the new-user cards, paying accounts and the newest accounts' table.
 */
import type pg from 'pg';
import { adminPeriodStarts, ADMIN_USERS_TABLE_LIMIT, type AdminUserRow } from '@hamlog/domain';
import { profileImageSql } from '../photos/queries';
import { utcIso } from '../../postgres/sql-time';

/** Whether this account holds the administrator role (AdminRoleGranted; npm run admin -- grant). */
export async function isAdminUser(pool: pg.Pool, userId: string): Promise<boolean> {
  const { rows } = await pool.query<{ is_admin: boolean }>('SELECT is_admin FROM rm_users WHERE id = $1', [userId]);
  return rows[0]?.is_admin === true;
}

export interface AdminUserCounts {
  newToday: number;
  newThisWeek: number;
  newThisMonth: number;
  totalProfiles: number;
  /** domain isPayingAccount in SQL: in force at `now`, no manager, paid_subscription. */
  payingAccounts: number;
}

/** The cards' counts at `now` (periods from domain adminPeriodStarts; every account, sub-accounts too). */
export async function adminUserCounts(pool: pg.Pool, now: Date): Promise<AdminUserCounts> {
  const { today, week, month } = adminPeriodStarts(now);
  const { rows } = await pool.query<{ today: number; week: number; month: number; total: number; paying: number }>(
    `SELECT count(*) FILTER (WHERE created_at >= $1)::int AS today,
       count(*) FILTER (WHERE created_at >= $2)::int AS week,
       count(*) FILTER (WHERE created_at >= $3)::int AS month,
       count(*)::int AS total,
       count(*) FILTER (WHERE managed_by_id IS NULL AND paid_subscription AND subscription_level IS NOT NULL
         AND (subscription_expiry IS NULL OR subscription_expiry > $4))::int AS paying
     FROM rm_users`,
    [today, week, month, now],
  );
  const r = rows[0]!;
  return { newToday: r.today, newThisWeek: r.week, newThisMonth: r.month, totalProfiles: r.total, payingAccounts: r.paying };
}

/** The newest accounts first (ties by callsign), with the subscription that applies to each at `now`. */
export async function newestUsers(pool: pg.Pool, now: Date, limit = ADMIN_USERS_TABLE_LIMIT): Promise<AdminUserRow[]> {
  const { rows } = await pool.query<AdminUserRow>(
    `SELECT u.id, u.my_callsign, u.name, ${profileImageSql('u.id')} AS profile_image_name,
       (COALESCE(m.subscription_level, u.subscription_level) IS NOT NULL
         AND (COALESCE(m.subscription_expiry, u.subscription_expiry) IS NULL OR COALESCE(m.subscription_expiry, u.subscription_expiry) > $2)) AS subscribed,
       u.managed_by_callsign, ${utcIso('u.created_at')} AS created_at
     FROM rm_users u LEFT JOIN rm_users m ON m.id = u.managed_by_id
     ORDER BY u.created_at DESC, u.my_callsign LIMIT $1`,
    [limit, now],
  );
  return rows;
}

/** New accounts per UTC day in [from, to), days without any left out. */
export async function newUsersPerDay(pool: pg.Pool, from: Date, to: Date): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ day: string; n: number }>(
    `SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(*)::int AS n
     FROM rm_users WHERE created_at >= $1 AND created_at < $2 GROUP BY 1`,
    [from, to],
  );
  return new Map(rows.map((r) => [r.day, r.n]));
}
