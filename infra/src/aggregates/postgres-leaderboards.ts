import type pg from 'pg';
import type { HotStationRow, LeaderboardQuery, LeaderboardWindow, PileUpRow, StationTotal, UserTotal, WorkedCallRow } from '@hamlog/domain';
import { LeaderboardsAdapter, type RecentLists, type WindowCountsRow } from './leaderboards-adapter';
import { CLASS_COLUMNS, LEADERBOARD_DAYS_TABLE } from './postgres-leaderboard-counts';

const FACTS = 'agg_qso_facts_v2';
const day = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * The leaderboards on the embedded default: the short windows (10 and 60 minutes) count the
 * facts through their time index; the whole-day periods add up agg_lb_days. Ties go by
 * COLLATE "C" (byte order), as in ClickHouse.
 */
export class PostgresLeaderboards extends LeaderboardsAdapter {
  /** The pool stays open on close(). */
  constructor(private readonly pool: pg.Pool) {
    super();
  }

  protected async recentLists(query: LeaderboardQuery): Promise<RecentLists> {
    const [hotStations, pileUps, mostWorked, lastHour] = await Promise.all([this.hotStations(query), this.pileUps(query), this.mostWorked(query), this.lastHour(query)]);
    return { hotStations, pileUps, mostWorked, lastHour };
  }

  protected async topUsersIn(window: LeaderboardWindow, excludedUserIds: readonly string[], limit: number): Promise<UserTotal[]> {
    const { rows } = await this.pool.query<UserTotal>(
      `SELECT station_user_id AS "stationUserId", sum(${CLASS_COLUMNS.join(' + ')})::int AS count FROM ${LEADERBOARD_DAYS_TABLE}
       WHERE day >= $1 AND day < $2 AND NOT (station_user_id = ANY($3::text[]))
       GROUP BY station_user_id HAVING sum(${CLASS_COLUMNS.join(' + ')}) > 0
       ORDER BY count DESC, station_user_id COLLATE "C" LIMIT $4`,
      [day(window.since), day(window.until), excludedUserIds, limit],
    );
    return rows;
  }

  async close(): Promise<void> {}

  /** Live facts in the window, not of an excluded station: $1 since, $2 until, $3 excluded user ids. */
  private recent(columns: string, rest: string, window: LeaderboardWindow, query: LeaderboardQuery, extra: unknown[] = []) {
    return this.pool.query(
      `SELECT ${columns} FROM ${FACTS}
       WHERE NOT deleted AND ts >= $1 AND ts < $2 AND NOT (station_user_id = ANY($3::text[])) ${rest}`,
      [window.since, window.until, query.excludedUserIds, query.limit, ...extra],
    );
  }

  private async hotStations(query: LeaderboardQuery): Promise<HotStationRow[]> {
    const { rows } = await this.recent(
      `station_callsign AS "stationCallsign", band, mode, count(*)::int AS count`,
      `GROUP BY station_callsign, band, mode
       ORDER BY count DESC, station_callsign COLLATE "C", band COLLATE "C", mode COLLATE "C" LIMIT $4`,
      query.hotStations,
      query,
    );
    return rows as HotStationRow[];
  }

  private async pileUps(query: LeaderboardQuery): Promise<PileUpRow[]> {
    // The latest QSO by its time to the second (what ClickHouse keeps), then by version.
    const latest = (column: string) => `(array_agg(${column} ORDER BY date_trunc('second', ts) DESC, version DESC))[1]`;
    const { rows } = await this.recent(
      `station_callsign AS "stationCallsign", count(DISTINCT call)::int AS count,
       ${latest('mode')} AS mode, ${latest('freq_hz')} AS "freqHz", ${latest('contest_name')} AS "contestName"`,
      `GROUP BY station_callsign HAVING count(DISTINCT call) >= $5
       ORDER BY count DESC, station_callsign COLLATE "C" LIMIT $4`,
      query.pileUps,
      query,
      [query.pileUps.minCalls],
    );
    return rows as PileUpRow[];
  }

  private async mostWorked(query: LeaderboardQuery): Promise<WorkedCallRow[]> {
    const { rows } = await this.recent(
      `call, count(DISTINCT station_callsign)::int AS count`,
      `GROUP BY call ORDER BY count DESC, call COLLATE "C" LIMIT $4`,
      query.mostWorked,
      query,
    );
    return rows as WorkedCallRow[];
  }

  private async lastHour(query: LeaderboardQuery): Promise<StationTotal[]> {
    const { rows } = await this.recent(
      `station_callsign AS "stationCallsign", count(*)::int AS count`,
      `GROUP BY station_callsign ORDER BY count DESC, station_callsign COLLATE "C" LIMIT $4`,
      query.lastHour,
      query,
    );
    return rows as StationTotal[];
  }

  /**
   * The day counts in one pass: each row gets the set of windows its day is in (a bit mask), rows
   * are added up per station and mask, then per station and window.
   */
  protected async windowCounts(windows: readonly LeaderboardWindow[], excludedUserIds: readonly string[]): Promise<WindowCountsRow[]> {
    const params: unknown[] = [excludedUserIds];
    const param = (value: unknown) => `$${params.push(value)}`;
    const since = param(day(new Date(Math.min(...windows.map((w) => w.since.getTime())))));
    const until = param(day(new Date(Math.max(...windows.map((w) => w.until.getTime())))));
    const mask = windows.map((w, i) => `(CASE WHEN day >= ${param(day(w.since))}::date AND day < ${param(day(w.until))}::date THEN ${2 ** i} ELSE 0 END)`).join(' + ');
    const sums = windows.flatMap((_, i) => CLASS_COLUMNS.map((c) => `COALESCE(sum(${c}) FILTER (WHERE mask & ${2 ** i} <> 0), 0)`));
    const { rows } = await this.pool.query<WindowCountsRow>(
      `SELECT station_callsign, ARRAY[${sums.join(', ')}]::int[] AS s FROM (
         SELECT station_callsign, mask, ${CLASS_COLUMNS.map((c) => `sum(${c})::int AS ${c}`).join(', ')}
         FROM (
           SELECT station_callsign, ${CLASS_COLUMNS.join(', ')}, ${mask} AS mask
           FROM ${LEADERBOARD_DAYS_TABLE}
           WHERE day >= ${since}::date AND day < ${until}::date AND NOT (station_user_id = ANY($1::text[]))
         ) days
         GROUP BY station_callsign, mask
       ) masks
       GROUP BY station_callsign`,
      params,
    );
    return rows;
  }
}
