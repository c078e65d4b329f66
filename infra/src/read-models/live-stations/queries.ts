/**
 * Reads of live_stations. The table is the live-stations projection's, which the services reading
 * it may start before: until it is there every read answers as for no station (emptyUntilCreated).
 */
import type { FeedCardSource, LastRigReport, LiveRig } from '@hamlog/domain';
import type pg from 'pg';
import { lastSessionUseSql, recentSessionUsersSql } from '../../auth/session-store';
import { profileImageSql } from '../photos/queries';
import { SUBSCRIPTION_COLUMNS, USER_WITH_MAIN } from '../users/queries';
import { utcIsoMs } from '../../postgres/sql-time';
import { emptyUntilCreated } from '../../postgres/undefined-table';

interface CardRow {
  id: string;
  name: string;
  my_callsign: string;
  profile_image_name: string;
  is_admin: boolean;
  subscription_level: string | null;
  subscription_expiry: string | null;
  rig: LiveRig | null;
  last_seen_at: string | null;
}

/** What a card is built from, for users `u` (with `m`, USER_WITH_MAIN) and their station `l`. */
const cardColumns = (lastSeen: string): string => `u.id, u.name, u.my_callsign, ${profileImageSql('u.id')} AS profile_image_name,
  u.is_admin, ${SUBSCRIPTION_COLUMNS}, l.rig, ${utcIsoMs(lastSeen)} AS last_seen_at`;

function toSource(r: CardRow): FeedCardSource {
  return {
    user: {
      id: r.id,
      name: r.name,
      myCallsign: r.my_callsign,
      profileImageName: r.profile_image_name,
      isAdmin: r.is_admin,
      subscription: r.subscription_level ? { level: r.subscription_level, expiryDate: r.subscription_expiry } : null,
    },
    rig: r.rig,
    lastSeenAt: r.last_seen_at,
  };
}

/** The users' card sources, in one query (users without a row in rm_users are left out). */
export async function feedCardSources(pool: pg.Pool, userIds: readonly string[]): Promise<FeedCardSource[]> {
  if (userIds.length === 0) return [];
  const rows = await rowsOf<CardRow>(
    pool,
    `SELECT ${cardColumns(lastSessionUseSql('u.id'))}
     FROM ${USER_WITH_MAIN} LEFT JOIN live_stations l ON l.user_id = u.id
     WHERE u.id = ANY($1::text[])`,
    [[...new Set(userIds)]],
  );
  return rows.map(toSource);
}

/** Stations on air with a report at or after `freshSince`, freshest report first. */
export async function onAirStationSources(pool: pg.Pool, freshSince: Date, limit: number): Promise<FeedCardSource[]> {
  const rows = await rowsOf<CardRow>(
    pool,
    `SELECT ${cardColumns(lastSessionUseSql('u.id'))}
     FROM live_stations l JOIN ${USER_WITH_MAIN} ON u.id = l.user_id
     WHERE l.on_air AND l.reported_at >= $1
     ORDER BY l.reported_at DESC, l.user_id LIMIT $2`,
    [freshSince, limit],
  );
  return rows.map(toSource);
}

/**
 * Users whose session was used at or after `seenSince` and who are not on air (no report at or
 * after `freshSince` on a frequency or streaming), most recent use first.
 */
export async function onlineOffAirSources(pool: pg.Pool, seenSince: Date, freshSince: Date, limit: number): Promise<FeedCardSource[]> {
  const rows = await rowsOf<CardRow>(
    pool,
    `WITH online AS (${recentSessionUsersSql('$1')})
     SELECT ${cardColumns('o.last_seen_at')}
     FROM online o JOIN ${USER_WITH_MAIN} ON u.id = o.user_id LEFT JOIN live_stations l ON l.user_id = u.id
     WHERE NOT (COALESCE(l.on_air, false) AND l.reported_at >= $2)
     ORDER BY o.last_seen_at DESC, u.id LIMIT $3`,
    [seenSince, freshSince, limit],
  );
  return rows.map(toSource);
}

/**
 * The last rig reports of these users that were on air at or after `freshSince` (for POST /vsr's
 * count of followed stations streaming now; the domain decides which of them are).
 */
export async function freshOnAirRigsOf(pool: pg.Pool, userIds: readonly string[], freshSince: Date): Promise<LiveRig[]> {
  if (userIds.length === 0) return [];
  const rows = await rowsOf<{ rig: LiveRig }>(pool, 'SELECT rig FROM live_stations WHERE user_id = ANY($1::text[]) AND on_air AND reported_at >= $2', [
    [...new Set(userIds)],
    freshSince,
  ]);
  return rows.map((r) => r.rig);
}

/** The user's last rig report (POST /vrigcontrol/get), or null when no rig ever reported. */
export async function lastRigReport(pool: pg.Pool, userId: string): Promise<LastRigReport | null> {
  const rig = (await stationColumn<LiveRig>(pool, 'rig', userId)) ?? null;
  return rig && { rigName: rig.rigName, freqHz: rig.freqHz, mode: rig.mode, opMode: rig.opMode ?? null, at: rig.at };
}

/** The revision of the user's last report in their rig stream: where reading the rig stream may start (null: from its beginning). */
export async function rigStreamRevision(pool: pg.Pool, userId: string): Promise<number | null> {
  return (await stationColumn<number | null>(pool, 'stream_revision', userId)) ?? null;
}

async function stationColumn<T>(pool: pg.Pool, column: 'rig' | 'stream_revision', userId: string): Promise<T | undefined> {
  return (await rowsOf<{ value: T }>(pool, `SELECT ${column} AS value FROM live_stations WHERE user_id = $1`, [userId]))[0]?.value;
}

/** The rows a read of live_stations answers: none while the table is not there yet. */
async function rowsOf<R extends pg.QueryResultRow>(pool: pg.Pool, sql: string, params: unknown[]): Promise<R[]> {
  return emptyUntilCreated(pool.query<R>(sql, params).then((result) => result.rows), []);
}
