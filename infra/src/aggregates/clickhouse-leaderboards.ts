import type { ClickHouseClient } from '@clickhouse/client';
import { compareBytes, type LeaderboardQuery, type LeaderboardWindow, type UserTotal } from '@hamlog/domain';
import { createClickHouseClient, type ClickHouseOptions } from './clickhouse-facts';
import { CLASS_TOTAL, LB_BY_TIME, LB_DAYS, LB_MONTHS, MONTH_COLUMNS, monthOf, nextMonth } from './clickhouse-leaderboard-tables';
import { BIG_QUERY } from './clickhouse-placed-tables';
import { ident, sql, sqlList, type Identifier, type Sql } from './clickhouse-sql';
import { LeaderboardsAdapter, type RecentLists, type WindowCountsRow } from './leaderboards-adapter';

const DAY_MS = 86_400_000;

type RecentColumn = 'station_callsign' | 'band' | 'mode' | 'call' | 'ts' | 'freq_hz' | 'contest_name';

/**
 * The leaderboards from ClickHouse (tables in clickhouse-leaderboard-tables.ts): the 10 and 60
 * minute windows read one time range of lb_qso_by_time; the whole-day periods add up the
 * daily counts of lb_months. Strings order by bytes, as the embedded default's COLLATE "C".
 */
export class ClickHouseLeaderboards extends LeaderboardsAdapter {
  private readonly client: ClickHouseClient;
  private readonly db: Identifier;

  constructor(options: ClickHouseOptions) {
    super();
    this.db = ident(options.database);
    this.client = createClickHouseClient(options);
  }

  protected async topUsersIn(window: LeaderboardWindow, excludedUserIds: readonly string[], limit: number): Promise<UserTotal[]> {
    const rows = await this.rows<{ stationUserId: string; n: number }>(
      sql`SELECT station_user_id AS stationUserId, toUInt32(sum(${CLASS_TOTAL})) AS n FROM (${this.days(window.since, window.until, excludedUserIds)})
        GROUP BY station_user_id HAVING n > 0 ORDER BY n DESC, station_user_id LIMIT ${limit}`,
    );
    return rows.map((r) => ({ stationUserId: r.stationUserId, count: Number(r.n) }));
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  /**
   * The QSOs in the window now, not of an excluded station, with the columns asked for (and
   * rank). Each place of a QSO keeps its highest rank (FINAL), and that one is live exactly when
   * the QSO is there now (clickhouse-leaderboard-tables.ts), so no grouping by QSO is needed.
   * Live is tested outside FINAL: a filter on rank must see the merged rows, not the parts.
   */
  private recent(window: LeaderboardWindow, excludedUserIds: readonly string[], columns: readonly RecentColumn[]): Sql {
    // A station is the same in every row of a QSO: leaving it out before the merge is safe.
    const excluded = excludedUserIds.length > 0 ? sql`AND station_user_id NOT IN (${sqlList([...excludedUserIds])})` : sql``;
    return sql`SELECT ${sqlList(columns.map(ident))}, rank AS top_rank FROM (
        SELECT ${sqlList(columns.map(ident))}, rank FROM ${this.db}.${LB_BY_TIME} FINAL
        WHERE ts >= ${window.since} AND ts < ${window.until} ${excluded}
      ) WHERE rank % 2 = 1`;
  }

  /**
   * The four lists of the last minutes in one request (UNION ALL: one round trip, branches run
   * side by side). Every branch answers the same columns, named apart from the inputs (o_...).
   */
  protected async recentLists(query: LeaderboardQuery): Promise<RecentLists> {
    const answer: RecentLists = { hotStations: [], pileUps: [], mostWorked: [], lastHour: [] };
    const { limit, excludedUserIds: excluded } = query;
    const latestBy = sql`(ts, top_rank)`;
    const rows = await this.rows<{ list: string; o_station: string; o_band: string; o_mode: string; o_call: string; o_n: number; o_freq: string; o_contest: string }>(
      sql`SELECT * FROM (
          SELECT 'hot' AS list, station_callsign AS o_station, band AS o_band, mode AS o_mode, '' AS o_call, toUInt32(count()) AS o_n,
            toUInt64(0) AS o_freq, '' AS o_contest
          FROM (${this.recent(query.hotStations, excluded, ['station_callsign', 'band', 'mode'])})
          GROUP BY station_callsign, band, mode ORDER BY o_n DESC, o_station, o_band, o_mode LIMIT ${limit}
        ) UNION ALL SELECT * FROM (
          SELECT 'pile' AS list, station_callsign AS o_station, '' AS o_band, argMax(mode, ${latestBy}) AS o_mode, '' AS o_call,
            toUInt32(uniqExact(call)) AS o_n, argMax(freq_hz, ${latestBy}) AS o_freq, argMax(contest_name, ${latestBy}) AS o_contest
          FROM (${this.recent(query.pileUps, excluded, ['station_callsign', 'call', 'ts', 'mode', 'freq_hz', 'contest_name'])})
          GROUP BY station_callsign HAVING o_n >= ${query.pileUps.minCalls} ORDER BY o_n DESC, o_station LIMIT ${limit}
        ) UNION ALL SELECT * FROM (
          SELECT 'worked' AS list, '' AS o_station, '' AS o_band, '' AS o_mode, call AS o_call, toUInt32(uniqExact(station_callsign)) AS o_n,
            toUInt64(0) AS o_freq, '' AS o_contest
          FROM (${this.recent(query.mostWorked, excluded, ['station_callsign', 'call'])})
          GROUP BY call ORDER BY o_n DESC, o_call LIMIT ${limit}
        ) UNION ALL SELECT * FROM (
          SELECT 'hour' AS list, station_callsign AS o_station, '' AS o_band, '' AS o_mode, '' AS o_call, toUInt32(count()) AS o_n,
            toUInt64(0) AS o_freq, '' AS o_contest
          FROM (${this.recent(query.lastHour, excluded, ['station_callsign'])})
          GROUP BY station_callsign ORDER BY o_n DESC, o_station LIMIT ${limit}
        )`,
    );
    const order = <T extends { count: number }>(list: T[], ...keys: ((row: T) => string)[]) =>
      list.sort((a, b) => b.count - a.count || keys.reduce((d, key) => d || compareBytes(key(a), key(b)), 0));
    for (const r of rows) {
      const count = Number(r.o_n);
      if (r.list === 'hot') answer.hotStations.push({ stationCallsign: r.o_station, band: r.o_band, mode: r.o_mode, count });
      else if (r.list === 'pile') answer.pileUps.push({ stationCallsign: r.o_station, count, mode: r.o_mode, freqHz: Number(r.o_freq), contestName: r.o_contest });
      else if (r.list === 'worked') answer.mostWorked.push({ call: r.o_call, count });
      else answer.lastHour.push({ stationCallsign: r.o_station, count });
    }
    // The branches come back in any order; each one's rows keep theirs, sorted again to be sure.
    order(answer.hotStations, (r) => r.stationCallsign, (r) => r.band, (r) => r.mode);
    order(answer.pileUps, (r) => r.stationCallsign);
    order(answer.mostWorked, (r) => r.call);
    order(answer.lastHour, (r) => r.stationCallsign);
    return answer;
  }

  /** The day counts in [since, until) (whole days), each key's latest, not of an excluded station. */
  private days(since: Date, until: Date, excludedUserIds: readonly string[]): Sql {
    const excluded = excludedUserIds.length > 0 ? sql`AND station_user_id NOT IN (${sqlList([...excludedUserIds])})` : sql``;
    return sql`SELECT * FROM ${this.db}.${LB_DAYS} FINAL WHERE day >= toDate(${since}) AND day < toDate(${until}) ${excluded}`;
  }

  /**
   * The month rows in one pass: each row gives, for every window and class, the running total at
   * the window's last day in that month less the one before its first day; those add up per
   * station (one array, sumForEach).
   */
  protected async windowCounts(windows: readonly LeaderboardWindow[], excludedUserIds: readonly string[]): Promise<WindowCountsRow[]> {
    const since = Math.min(...windows.map((w) => w.since.getTime()));
    const until = Math.max(...windows.map((w) => w.until.getTime()));
    const months: number[] = [];
    for (let m = monthOf(since); m < until; m = nextMonth(m)) months.push(m);
    /** A month row's counts of every window (then class), as one array. */
    const ofMonth = (m: number): Sql =>
      sqlList(
        windows.flatMap((w) =>
          MONTH_COLUMNS.map((totals) => {
            const from = Math.max(w.since.getTime(), m);
            const to = Math.min(w.until.getTime(), nextMonth(m));
            if (from >= to) return sql`toUInt32(0)`;
            const first = new Date(from).getUTCDate();
            const last = first + (to - from) / DAY_MS - 1;
            return first === 1 ? sql`${totals}[${last}]` : sql`(${totals}[${last}] - ${totals}[${first - 1}])`;
          }),
        ),
      );
    const perRow = months.reduce(
      (otherwise, m) => sql`if(month = toDate(${new Date(m)}), CAST([${ofMonth(m)}] AS Array(UInt32)), ${otherwise})`,
      sql`arrayResize(emptyArrayUInt32(), ${windows.length * MONTH_COLUMNS.length})`,
    );
    const excluded = excludedUserIds.length > 0 ? sql`AND station_user_id NOT IN (${sqlList([...excludedUserIds])})` : sql``;
    return this.rows<WindowCountsRow>(
      sql`SELECT station_callsign, CAST(sumForEach(${perRow}) AS Array(UInt32)) AS s
        FROM ${this.db}.${LB_MONTHS} FINAL
        WHERE month >= toDate(${new Date(months[0]!)}) AND month <= toDate(${new Date(months[months.length - 1]!)}) ${excluded}
        GROUP BY station_callsign`,
    );
  }

  private async rows<T>(query: Sql): Promise<T[]> {
    const result = await this.client.query({ query: query.text, format: 'JSONEachRow', clickhouse_settings: BIG_QUERY });
    return result.json<T>();
  }
}
