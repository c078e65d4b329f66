/**
 * Public profiles, read from the users read model (owned by the users projection) with the
 * profile image from the photos read model. Only public columns are selected: email, api_key,
 * mobile number, QRZ/Clublog/eQSL credentials never leave this query.
 */
import type pg from 'pg';
import { isSubscriptionActive, type PublicProfile } from '@hamlog/domain';
import { profileImageSql } from '../photos/queries';
import { utcIso } from '../../postgres/sql-time';
import { SUBSCRIPTION_COLUMNS, USER_WITH_MAIN } from '../users/queries';

/** The profile's own columns; photos, awards, posts and QSO history are read elsewhere. */
export type PublicUserRow = Omit<PublicProfile, 'main_account' | 'photos' | 'user_awards' | 'posts' | 'qso_history'>;

interface Row extends Omit<PublicUserRow, 'subscribed'> {
  subscription_level: string | null;
  subscription_expiry: string | null;
  paid_subscription: boolean;
}

/** The user holding this callsign (upper-cased), with the verified badge as of `now`; null for none. */
export async function findPublicUserByCallsign(pool: pg.Pool, callsign: string, now: Date): Promise<PublicUserRow | null> {
  const { rows } = await pool.query<Row>(
    `SELECT u.id, u.name, u.my_callsign, u.callsign_verified, u.qth, u.grid, u.profile_bio, u.club_call,
       u.facebook_link, u.youtube_link, u.instagram_link, u.twitter_link, u.is_ham, u.is_cb, u.is_swl,
       ${profileImageSql('u.id')} AS profile_image_name, ${utcIso('u.created_at')} AS created_at, u.managed_by_callsign,
       ${SUBSCRIPTION_COLUMNS}
     FROM ${USER_WITH_MAIN}
     WHERE u.my_callsign = $1 ORDER BY u.created_at LIMIT 1`,
    [callsign.trim().toUpperCase()],
  );
  const r = rows[0];
  if (!r) return null;
  const { subscription_level: level, subscription_expiry: expiryDate, paid_subscription: _paid, ...user } = r;
  return { ...user, subscribed: level !== null && isSubscriptionActive({ level, expiryDate }, now) };
}

/** The live stream address a user set in their profile ('' for none); null when there is no such user. */
export async function liveStreamUrlOf(pool: pg.Pool, userId: string): Promise<string | null> {
  const { rows } = await pool.query<{ live_stream_url: string }>('SELECT live_stream_url FROM rm_users WHERE id = $1', [userId]);
  return rows[0]?.live_stream_url ?? null;
}
