/**
 * The logbook questions the Cloudlog/Wavelog API asks (decision 0036): a station's QSO counts
 * for statistics, and whether a callsign or a grid is in a log (the worked-before checks).
 */
import type pg from 'pg';

export interface LogbookCounts {
  today: number;
  month: number;
  year: number;
  total: number;
}

/** Live QSOs of a station: in all, on `day` (UTC, 'YYYY-MM-DD'), in its month and its year; from the per-day counts. */
export async function logbookCounts(pool: pg.Pool, stationUserId: string, day: string): Promise<LogbookCounts> {
  const { rows } = await pool.query<{ today: string; month: string; year: string; total: string }>({
    name: 'cloudlog-logbook-counts',
    text: `SELECT
        COALESCE(sum(qso_count) FILTER (WHERE day = $2::date), 0) AS today,
        COALESCE(sum(qso_count) FILTER (WHERE day >= date_trunc('month', $2::date) AND day < date_trunc('month', $2::date) + interval '1 month'), 0) AS month,
        COALESCE(sum(qso_count) FILTER (WHERE day >= date_trunc('year', $2::date) AND day < date_trunc('year', $2::date) + interval '1 year'), 0) AS year,
        (SELECT COALESCE(max(qso_count), 0) FROM rm_logbook_counts WHERE station_user_id = $1) AS total
      FROM rm_logbook_days WHERE station_user_id = $1 AND day >= date_trunc('year', $2::date)`,
    values: [stationUserId, day],
  });
  const r = rows[0];
  return { today: Number(r?.today ?? 0), month: Number(r?.month ?? 0), year: Number(r?.year ?? 0), total: Number(r?.total ?? 0) };
}

/** Whether any of these stations has a live QSO with the callsign (on the band, when one is given: '20m'). */
export async function callWorked(pool: pg.Pool, stationUserIds: string[], call: string, band: string): Promise<boolean> {
  const { rows } = await pool.query<{ worked: boolean }>({
    name: 'cloudlog-call-worked',
    text: `SELECT EXISTS (SELECT 1 FROM rm_qsos WHERE station_user_id = ANY($1::text[]) AND call = $2 AND NOT deleted AND ($3 = '' OR band = $3)) AS worked`,
    values: [stationUserIds, call, band],
  });
  return rows[0]?.worked ?? false;
}

/**
 * Whether any of these stations has a live QSO in the grid square (four characters, 'JO30'),
 * by the contact's grid or its VUCC grids, on the band when one is given.
 */
export async function gridWorked(pool: pg.Pool, stationUserIds: string[], grid4: string, band: string): Promise<boolean> {
  const { rows } = await pool.query<{ worked: boolean }>({
    name: 'cloudlog-grid-worked',
    text: `SELECT EXISTS (SELECT 1 FROM rm_qsos WHERE station_user_id = ANY($1::text[]) AND NOT deleted AND ($3 = '' OR band = $3)
        AND (upper(left(grid_square, 4)) = $2 OR upper(COALESCE(adif_extra->>'VUCC_GRIDS', '')) LIKE '%' || $2 || '%')) AS worked`,
    values: [stationUserIds, grid4, band],
  });
  return rows[0]?.worked ?? false;
}
