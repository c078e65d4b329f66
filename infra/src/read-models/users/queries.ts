import type pg from 'pg';
import { profileFromApi, PROFILE_API_FIELDS, type SubAccountSummary, type SubscriptionRecord, type UserRecord } from '@hamlog/domain';
import { profileImageSql } from '../photos/queries';
import { utcIso } from '../../postgres/sql-time';

const PROFILE_COLUMNS = Object.values(PROFILE_API_FIELDS).map((column) => `u.${column}`).join(', ');

/** A user `u` and its main account `m`: a sub-account carries its main account's subscription (decision 0014). */
export const USER_WITH_MAIN = 'rm_users u LEFT JOIN rm_users m ON m.id = u.managed_by_id';
/** The subscription that applies to `u` of USER_WITH_MAIN. */
export const SUBSCRIPTION_COLUMNS = `COALESCE(m.subscription_level, u.subscription_level) AS subscription_level,
       ${utcIso('COALESCE(m.subscription_expiry, u.subscription_expiry)')} AS subscription_expiry,
       COALESCE(m.paid_subscription, u.paid_subscription) AS paid_subscription`;

interface UserRow extends Record<string, unknown> {
  id: string;
  email: string;
  my_callsign: string;
  callsign_verified: boolean;
  is_admin: boolean;
  name: string;
  api_key: string;
  has_password: boolean;
  created_at: string;
  managed_by_id: string | null;
  managed_by_callsign: string | null;
  subscription_level: string | null;
  subscription_expiry: string | null;
  paid_subscription: boolean;
  profile_image_name: string;
}

/**
 * The user as its owner sees it, with its sub-accounts; a sub-account carries its main account's
 * subscription (decision 0014).
 */
export async function findUser(pool: pg.Pool, id: string): Promise<UserRecord | null> {
  const { rows } = await pool.query<UserRow>(
    `SELECT u.id, u.email, u.my_callsign, u.callsign_verified, u.is_admin, u.name, u.api_key, u.has_password, ${utcIso('u.created_at')} AS created_at,
       ${PROFILE_COLUMNS}, u.managed_by_id, u.managed_by_callsign, ${profileImageSql('u.id')} AS profile_image_name,
       ${SUBSCRIPTION_COLUMNS}
     FROM ${USER_WITH_MAIN} WHERE u.id = $1`,
    [id],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    email: r.email,
    callsign: r.my_callsign,
    callsignVerified: r.callsign_verified,
    isAdmin: r.is_admin,
    name: r.name,
    apiKey: r.api_key,
    hasPassword: r.has_password,
    createdAt: r.created_at,
    profile: profileFromApi(r),
    profileImageName: r.profile_image_name,
    managedById: r.managed_by_id,
    managedByCallsign: r.managed_by_callsign,
    subscription: r.subscription_level ? { level: r.subscription_level, expiryDate: r.subscription_expiry, paid: r.paid_subscription } : null,
    subAccounts: await findSubAccounts(pool, r.id),
  };
}

/** A main account's sub-accounts in the order they were added. */
export async function findSubAccounts(pool: pg.Pool, mainUserId: string): Promise<SubAccountSummary[]> {
  const { rows } = await pool.query<SubAccountSummary>(
    `SELECT u.id, u.my_callsign AS callsign, u.name, ${profileImageSql('u.id')} AS profile_image_name
     FROM rm_users u WHERE u.managed_by_id = $1 ORDER BY u.created_at, u.my_callsign`,
    [mainUserId],
  );
  return rows;
}

/** The id of the user holding this API key (companion apps, attachments), or null. */
export async function findUserIdByApiKey(pool: pg.Pool, apiKey: string): Promise<string | null> {
  const { rows } = await pool.query<{ id: string }>('SELECT id FROM rm_users WHERE api_key = $1', [apiKey]);
  return rows[0]?.id ?? null;
}

/** The subscription that applies to a user (a sub-account's is its main account's), or null for none. */
export async function subscriptionOf(pool: pg.Pool, userId: string): Promise<SubscriptionRecord | null> {
  const { rows } = await pool.query<{ subscription_level: string | null; subscription_expiry: string | null; paid_subscription: boolean }>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM ${USER_WITH_MAIN} WHERE u.id = $1`,
    [userId],
  );
  const r = rows[0];
  return r?.subscription_level ? { level: r.subscription_level, expiryDate: r.subscription_expiry, paid: r.paid_subscription } : null;
}
