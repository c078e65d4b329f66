import type { LeaderboardEntry, LeaderboardListName } from '@hamlog/domain/community/api-shapes';

/** One leaderboard card: which list of GET /vleaderboards it shows, under which title. */
export interface Board {
  list: LeaderboardListName;
  title: string;
  /** Whose callsign an entry is about: the logging station (default) or the worked call. */
  subject?: 'station_callsign' | 'call';
  /** Shown only with at least this many entries. */
  minEntries?: number;
}

const HOT_STATIONS: Board = { list: 'lb_hot_now_1', title: 'Hot Stations' };
const PILE_UPS: Board = { list: 'lb_hot_now_2', title: 'Active Pile Ups' };
const MOST_WORKED: Board = { list: 'lb_hot_now_3', title: 'Most Worked', subject: 'call' };
const LAST_60_MINUTES: Board = { list: 'lb_last_60_minutes', title: 'Last 60 minutes' };
const TODAY: Board = { list: 'lb1', title: 'Most QSOs today' };
const SEVEN_DAYS: Board = { list: 'lb2', title: 'Most QSOs 7 day' };
/** The specification shows the 30-day board only with more than one entry. */
const THIRTY_DAYS: Board = { list: 'lb3', title: 'Most QSOs 30 day', minEntries: 2 };
const VOICE_TODAY: Board = { list: 'lb_voice1', title: 'Most Voice today' };
const CW_TODAY: Board = { list: 'lbcw1', title: 'Most CW today' };
const SSTV_TODAY: Board = { list: 'lb_sstv1', title: 'Most SSTV today' };
const DATA_TODAY: Board = { list: 'leader_board_2_data', title: 'Most Data today' };

/** Beside the home pane's feeds. */
export const HOME_BOARDS: readonly Board[] = [HOT_STATIONS, PILE_UPS, MOST_WORKED, LAST_60_MINUTES, TODAY, SEVEN_DAYS, THIRTY_DAYS];

/** The /leaderboards page's cards, in the specification's order. */
export const LEADERBOARDS_PAGE_BOARDS: readonly Board[] = [
  HOT_STATIONS, PILE_UPS, VOICE_TODAY, CW_TODAY, SSTV_TODAY, DATA_TODAY, LAST_60_MINUTES, SEVEN_DAYS, THIRTY_DAYS,
];

export type Period = 'today' | 'yesterday' | 'week' | 'month';

/** The period panes: all QSOs, then voice, CW, SSTV and data. */
export const PERIOD_BOARDS: Record<Period, readonly Board[]> = {
  today: [TODAY, VOICE_TODAY, CW_TODAY, SSTV_TODAY, DATA_TODAY],
  yesterday: [
    { list: 'lb_yesterday', title: 'Most QSOs yesterday' },
    { list: 'lb_yesterday_voice', title: 'Most Voice yesterday' },
    { list: 'lb_yesterday_cw', title: 'Most CW yesterday' },
    { list: 'lb_yesterday_sstv', title: 'Most SSTV yesterday' },
    { list: 'lb_yesterday_data', title: 'Most Data yesterday' },
  ],
  week: [
    { list: 'lb_week', title: 'Most QSOs this week' },
    { list: 'lb_week_voice', title: 'Most Voice this week' },
    { list: 'lb_week_cw', title: 'Most CW this week' },
    { list: 'lb_week_sstv', title: 'Most SSTV this week' },
    { list: 'lb_week_data', title: 'Most Data this week' },
  ],
  month: [
    { list: 'lb_month', title: 'Most QSOs this month' },
    { list: 'lb_month_voice', title: 'Most Voice this month' },
    { list: 'lb_month_cw', title: 'Most CW this month' },
    { list: 'lb_month_sstv', title: 'Most SSTV this month' },
    { list: 'lb_month_data', title: 'Most Data this month' },
  ],
};

/** The callsign an entry is about. */
export function entrySubject(board: Board, entry: LeaderboardEntry): string {
  return board.subject === 'call' ? entry.call || entry.station_callsign : entry.station_callsign;
}

/** Whether the viewer's own callsign is this entry's (marked YOU). */
export function isViewer(callsign: string, viewerCallsign: string | null | undefined): boolean {
  const viewer = viewerCallsign?.trim().toUpperCase();
  return Boolean(viewer) && callsign.trim().toUpperCase() === viewer;
}

/** Whether a board shows at all: the 30-day board needs more than one entry. */
export function isBoardShown(board: Board, entries: readonly LeaderboardEntry[]): boolean {
  return entries.length >= (board.minEntries ?? 0);
}
