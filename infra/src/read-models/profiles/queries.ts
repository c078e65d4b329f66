/**
 * Public profiles, read from the users read model (owned by the users projection) with the
 * profile image from the photos read model. Only public columns are selected: email, api_key,
 * mobile number, QRZ/Clublog/eQSL credentials never leave this query.
 */
import type pg from 'pg';
import { isSubscriptionActive, type PublicProfile } from '@hamlog/domain';
import { profileImageSql } from '../photos/queries';

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The profile's own columns; photos, awards, posts and QSO history are read elsewhere. */
export type PublicUserRow = Omit<PublicProfile, 'main_account' | 'photos' | 'user_awards' | 'posts' | 'qso_history'>;

interface Row extends Omit<PublicUserRow, 'subscribed'> {
  subscription_level: string | null;
  subscription_expiry: string | null;
}

/** The user holding this callsign (upper-cased), with the verified badge as of `now`; null for none. */
export async function findPublicUserByCallsign(pool: pg.Pool, callsign: string, now: Date): Promise<PublicUserRow | null> {
  const { rows } = await pool.query<Row>(
    `SELECT u.id, u.name, u.my_callsign, u.qth, u.grid, u.profile_bio, u.club_call,
       u.facebook_link, u.youtube_link, u.instagram_link, u.twitter_link, u.is_ham, u.is_cb, u.is_swl,
       ${profileImageSql('u.id')} AS profile_image_name, ${ISO('u.created_at')} AS created_at, u.managed_by_callsign,
       COALESCE(m.subscription_level, u.subscription_level) AS subscription_level,
       ${ISO('COALESCE(m.subscription_expiry, u.subscription_expiry)')} AS subscription_expiry
     FROM rm_users u LEFT JOIN rm_users m ON m.id = u.managed_by_id
     WHERE u.my_callsign = $1 ORDER BY u.created_at LIMIT 1`,
    [callsign.trim().toUpperCase()],
  );
  const r = rows[0];
  if (!r) return null;
  const { subscription_level: level, subscription_expiry: expiryDate, ...user } = r;
  return { ...user, subscribed: level !== null && isSubscriptionActive({ level, expiryDate }, now) };
}

/** A user's subscription as the answers carry it ({level, expiryDate}; a sub-account's is its main account's), or null for none. */
export async function subscriptionOf(pool: pg.Pool, userId: string): Promise<{ level: string; expiryDate: string | null } | null> {
  const { rows } = await pool.query<{ level: string | null; expiry: string | null }>(
    `SELECT COALESCE(m.subscription_level, u.subscription_level) AS level,
       ${ISO('COALESCE(m.subscription_expiry, u.subscription_expiry)')} AS expiry
     FROM rm_users u LEFT JOIN rm_users m ON m.id = u.managed_by_id WHERE u.id = $1`,
    [userId],
  );
  const r = rows[0];
  return r?.level ? { level: r.level, expiryDate: r.expiry } : null;
}
