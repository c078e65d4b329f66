import type pg from 'pg';
import type { EntityCount, PlatformDay, PlatformStatsStore } from '../ports/platform-stats';
import { CLASS_COLUMNS, LEADERBOARD_DAYS_TABLE } from './postgres-leaderboard-counts';
import { STATION_STATS_TABLE } from './postgres-station-stats';

/** The admin analytics on the embedded default: the leaderboards' day counts and the stations' entity counters. */
export class PostgresPlatformStats implements PlatformStatsStore {
  /** The pool stays open on close(). */
  constructor(private readonly pool: pg.Pool) {}

  async days(from: Date, to: Date): Promise<PlatformDay[]> {
    const total = CLASS_COLUMNS.join(' + ');
    const { rows } = await this.pool.query<{ day: string; qsos: number; stations: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(${total})::int AS qsos, count(DISTINCT station_user_id) FILTER (WHERE ${total} > 0)::int AS stations
       FROM ${LEADERBOARD_DAYS_TABLE} WHERE day >= ($1::timestamptz AT TIME ZONE 'UTC')::date AND day < ($2::timestamptz AT TIME ZONE 'UTC')::date
       GROUP BY day HAVING sum(${total}) > 0 ORDER BY day`,
      [from, to],
    );
    return rows.map((r) => ({ day: r.day, qsos: r.qsos, activeStations: r.stations }));
  }

  async topEntities(limit: number): Promise<EntityCount[]> {
    // Keys 'dxcc:{adif}:{band}' (domain statsKeysOf): each QSO with an entity counts under exactly one.
    const { rows } = await this.pool.query<{ dxcc: number; qsos: number }>(
      `SELECT split_part(key, ':', 2)::int AS dxcc, sum(n)::int AS qsos FROM ${STATION_STATS_TABLE}
       WHERE key LIKE 'dxcc:%' GROUP BY 1 HAVING sum(n) > 0 ORDER BY qsos DESC, dxcc LIMIT $1`,
      [limit],
    );
    return rows;
  }

  async close(): Promise<void> {}
}
