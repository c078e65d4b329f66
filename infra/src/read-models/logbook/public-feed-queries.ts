/**
 * The site-wide reads of logged QSOs (the home page's QSO feed, band stats, the globe): each one
 * walks rm_qsos_logged (logged_at DESC, qdo_id DESC over live rows) from its newest end, so
 * none of them depends on how many QSOs the site holds.
 */
import type pg from 'pg';
import type { BandStat, GlobeArcSource, QsoFeedSource } from '@hamlog/domain';
import { profileImageSql } from '../photos/queries';
import { utcIso } from '../../postgres/sql-time';

/** The newest `limit` live QSOs by the time they were logged (a subquery the index answers). */
const newestLogged = (columns: string, where = 'true') => `
  SELECT ${columns} FROM rm_qsos
  WHERE NOT deleted AND logged_at IS NOT NULL AND ${where}
  ORDER BY logged_at DESC, qdo_id DESC LIMIT $1`;

/** The last `limit` QSOs logged on the site, newest first, with who logged them. */
export async function latestLoggedQsos(pool: pg.Pool, limit: number): Promise<QsoFeedSource[]> {
  const { rows } = await pool.query<QsoFeedSource>(
    `SELECT q.qdo_id AS "qdoId", ${utcIso('q.logged_at')} AS "loggedAt", COALESCE(u.name, '') AS "posterName",
       ${profileImageSql('q.station_user_id')} AS "posterImageName", q.station_callsign AS "stationCallsign",
       q.call, q.band, q.mode, q.freq_hz AS "freqHz", q.contest_name AS "contestName", q.country
     FROM (${newestLogged('qdo_id, logged_at, station_user_id, station_callsign, call, band, mode, freq_hz, contest_name, country')}) q
     LEFT JOIN rm_users u ON u.id = q.station_user_id
     ORDER BY q.logged_at DESC, q.qdo_id DESC`,
    [limit],
  );
  return rows;
}

/** QSOs per band among the last `limit` logged on the site, most first (QSOs without a band count toward the limit only). */
export async function bandStatsOfLatest(pool: pg.Pool, limit: number): Promise<BandStat[]> {
  const { rows } = await pool.query<BandStat>(
    `SELECT band, count(*)::int AS count FROM (${newestLogged('band')}) last
     WHERE band <> '' GROUP BY band ORDER BY count DESC, band`,
    [limit],
  );
  return rows;
}

/**
 * The last `limit` QSOs logged since `since` that could be placed at their far end (a position
 * or a DXCC entity), newest first, with their station's grid square; the domain places both ends.
 */
export async function latestLoggedForGlobe(pool: pg.Pool, since: Date, limit: number): Promise<GlobeArcSource[]> {
  const { rows } = await pool.query<GlobeArcSource>(
    `SELECT q.qdo_id AS "qdoId", ${utcIso('q.logged_at')} AS "loggedAt", q.station_callsign AS "stationCallsign",
       COALESCE(u.grid, '') AS "stationGrid", q.call, q.band, q.mode, q.lat, q.lon, q.dxcc, q.country
     FROM (${newestLogged(
       'qdo_id, logged_at, station_user_id, station_callsign, call, band, mode, lat, lon, dxcc, country',
       'logged_at >= $2 AND ((lat IS NOT NULL AND lon IS NOT NULL) OR dxcc > 0)',
     )}) q
     LEFT JOIN rm_users u ON u.id = q.station_user_id
     ORDER BY q.logged_at DESC, q.qdo_id DESC`,
    [limit, since],
  );
  return rows;
}
