/**
 * The site-wide reads of live QSOs (the home page's QSO feed, band stats, the globe): each one
 * walks rm_qsos_live (ts DESC, qdo_id DESC over live rows) through the window of live QSO times
 * only (domain liveQsoWindow), from its newest end. The QSO's own time decides, not when it was
 * logged, so an imported log never shows as live; and no read depends on how many QSOs the site
 * holds.
 */
import type pg from 'pg';
import type { BandStat, GlobeArcSource, QsoFeedSource, QsoTimeWindow } from '@hamlog/domain';
import { profileImageSql } from '../photos/queries';
import { utcIso } from '../../postgres/sql-time';

/** The newest `$1` live QSOs whose QSO time is in [$2, $3) (a subquery the index answers). */
const newestLive = (columns: string, where = 'true') => `
  SELECT ${columns} FROM rm_qsos
  WHERE NOT deleted AND ts >= $2 AND ts < $3 AND ${where}
  ORDER BY ts DESC, qdo_id DESC LIMIT $1`;

const params = (limit: number, window: QsoTimeWindow) => [limit, window.since, window.until];

/** The newest `limit` live QSOs of the site, newest QSO time first, with who logged them. */
export async function latestLiveQsos(pool: pg.Pool, window: QsoTimeWindow, limit: number): Promise<QsoFeedSource[]> {
  const { rows } = await pool.query<QsoFeedSource>(
    `SELECT q.qdo_id AS "qdoId", ${utcIso('q.ts')} AS "qsoAt", COALESCE(u.name, '') AS "posterName",
       ${profileImageSql('q.station_user_id')} AS "posterImageName", q.station_callsign AS "stationCallsign",
       q.call, q.band, q.mode, q.freq_hz AS "freqHz", q.contest_name AS "contestName", q.country
     FROM (${newestLive('qdo_id, ts, station_user_id, station_callsign, call, band, mode, freq_hz, contest_name, country')}) q
     LEFT JOIN rm_users u ON u.id = q.station_user_id
     ORDER BY q.ts DESC, q.qdo_id DESC`,
    params(limit, window),
  );
  return rows;
}

/** QSOs per band among the newest `limit` live QSOs of the site, most first (QSOs without a band count toward the limit only). */
export async function bandStatsOfLive(pool: pg.Pool, window: QsoTimeWindow, limit: number): Promise<BandStat[]> {
  const { rows } = await pool.query<BandStat>(
    `SELECT band, count(*)::int AS count FROM (${newestLive('band')}) last
     WHERE band <> '' GROUP BY band ORDER BY count DESC, band`,
    params(limit, window),
  );
  return rows;
}

/**
 * The newest `limit` live QSOs that could be placed at their far end (a position or a DXCC
 * entity), newest first, with their station's grid square; the domain places both ends.
 */
export async function latestLiveForGlobe(pool: pg.Pool, window: QsoTimeWindow, limit: number): Promise<GlobeArcSource[]> {
  const { rows } = await pool.query<GlobeArcSource>(
    `SELECT q.qdo_id AS "qdoId", ${utcIso('q.ts')} AS "qsoAt", q.station_callsign AS "stationCallsign",
       COALESCE(u.grid, '') AS "stationGrid", q.call, q.band, q.mode, q.lat, q.lon, q.dxcc, q.country
     FROM (${newestLive(
       'qdo_id, ts, station_user_id, station_callsign, call, band, mode, lat, lon, dxcc, country',
       '((lat IS NOT NULL AND lon IS NOT NULL) OR dxcc > 0)',
     )}) q
     LEFT JOIN rm_users u ON u.id = q.station_user_id
     ORDER BY q.ts DESC, q.qdo_id DESC`,
    params(limit, window),
  );
  return rows;
}
