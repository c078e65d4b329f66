/**
 * What the ClickHouse and PostgreSQL leaderboards share: the port's checks, and the period lists
 * picked (domain periodTops) from each station's counts per window and class. An adapter answers
 * the queries only: the recent lists, the counts per window, the top users of a window.
 */
import {
  MODE_CLASSES,
  periodTops,
  periodWindows,
  type LeaderboardQuery,
  type LeaderboardRows,
  type LeaderboardWindow,
  type PeriodCount,
  type StationTotal,
  type UserTotal,
} from '@hamlog/domain';
import { assertLimit, assertWholeDays, type LeaderboardsStore } from '../ports/leaderboards';

/** The lists of the last minutes (hot now, pile-ups, most worked, the last hour). */
export type RecentLists = Pick<LeaderboardRows, 'hotStations' | 'pileUps' | 'mostWorked' | 'lastHour'>;

/** A station's QSOs in every window, then by class in MODE_CLASSES order, as one flat array. */
export interface WindowCountsRow {
  station_callsign: string;
  s: number[];
}

export abstract class LeaderboardsAdapter implements LeaderboardsStore {
  async leaderboards(query: LeaderboardQuery): Promise<LeaderboardRows> {
    assertLimit(query.limit);
    query.periods.forEach(assertWholeDays);
    const [recent, periods] = await Promise.all([
      query.limit === 0 ? { hotStations: [], pileUps: [], mostWorked: [], lastHour: [] } : this.recentLists(query),
      this.periods(query.periods, query.excludedUserIds, query.limit),
    ]);
    return { ...recent, periods };
  }

  async topUsers(window: LeaderboardWindow, excludedUserIds: readonly string[], limit: number): Promise<UserTotal[]> {
    assertLimit(limit);
    assertWholeDays(window);
    return limit === 0 ? [] : this.topUsersIn(window, excludedUserIds, limit);
  }

  abstract close(): Promise<void>;

  /** The recent lists, `query.limit` (more than 0) long each. */
  protected abstract recentLists(query: LeaderboardQuery): Promise<RecentLists>;
  /** The stations with the most QSOs in a window of whole days, not excluded, at most `limit` (more than 0). */
  protected abstract topUsersIn(window: LeaderboardWindow, excludedUserIds: readonly string[], limit: number): Promise<UserTotal[]>;
  /** Every station's counts in `windows` (whole days), not excluded. */
  protected abstract windowCounts(windows: readonly LeaderboardWindow[], excludedUserIds: readonly string[]): Promise<WindowCountsRow[]>;

  private async periods(periods: readonly PeriodCount[], excludedUserIds: readonly string[], limit: number): Promise<StationTotal[][]> {
    if (periods.length === 0 || limit === 0) return periods.map(() => []);
    const { windows } = periodWindows(periods);
    const rows = await this.windowCounts(windows, excludedUserIds);
    const classes = MODE_CLASSES.length;
    const stations = rows.map((r) => ({ stationCallsign: r.station_callsign, counts: windows.map((_, w) => r.s.slice(w * classes, (w + 1) * classes)) }));
    return periodTops(periods, stations, limit);
  }
}
