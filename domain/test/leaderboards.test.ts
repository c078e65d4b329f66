import { describe, expect, it } from 'vitest';
import {
  compareBytes,
  currentQsos,
  LEADERBOARD_LISTS,
  LEADERBOARD_SIZE,
  leaderboardPeriods,
  leaderboardQuery,
  leaderboardRowsOf,
  leaderboardsAnswer,
  MODE_CLASSES,
  modeClassOf,
  PERIOD_LISTS,
  periodTops,
  periodWindows,
  recentWindow,
  topUsersOf,
  type LeaderboardQso,
  type LeaderboardRows,
} from '../src/index';

const d = (iso: string) => new Date(iso);
const window = (since: string, until: string) => ({ since: d(since), until: d(until) });

let seq = 0;
function qso(stationCallsign: string, ts: string, over: Partial<LeaderboardQso> = {}): LeaderboardQso {
  seq += 1;
  return {
    qdoId: `q${seq}`,
    stationUserId: `u-${stationCallsign}`,
    stationCallsign,
    ts: d(ts),
    band: '20m',
    mode: 'SSB',
    call: `C${seq}`,
    freqHz: 14_200_000,
    contestName: '',
    deleted: false,
    version: seq,
    ...over,
  };
}

describe('leaderboard windows (UTC, since inclusive, until exclusive)', () => {
  it('cuts the day periods on a Wednesday in the middle of a month', () => {
    expect(leaderboardPeriods(d('2024-05-15T12:34:56.789Z'))).toEqual({
      today: window('2024-05-15T00:00:00Z', '2024-05-16T00:00:00Z'),
      yesterday: window('2024-05-14T00:00:00Z', '2024-05-15T00:00:00Z'),
      days7: window('2024-05-09T00:00:00Z', '2024-05-16T00:00:00Z'),
      days30: window('2024-04-16T00:00:00Z', '2024-05-16T00:00:00Z'),
      week: window('2024-05-13T00:00:00Z', '2024-05-16T00:00:00Z'),
      month: window('2024-05-01T00:00:00Z', '2024-05-16T00:00:00Z'),
    });
  });

  it('starts the week on Monday: on a Monday the week is today, on a Sunday the six days before too', () => {
    expect(leaderboardPeriods(d('2024-05-13T00:00:00Z')).week).toEqual(window('2024-05-13T00:00:00Z', '2024-05-14T00:00:00Z'));
    expect(leaderboardPeriods(d('2024-05-19T23:59:59Z')).week).toEqual(window('2024-05-13T00:00:00Z', '2024-05-20T00:00:00Z'));
  });

  it('on the first of a month (and of a year) the month is today; 30 days reach into the month before', () => {
    const periods = leaderboardPeriods(d('2025-01-01T08:00:00Z'));
    expect(periods.month).toEqual(window('2025-01-01T00:00:00Z', '2025-01-02T00:00:00Z'));
    expect(periods.yesterday).toEqual(window('2024-12-31T00:00:00Z', '2025-01-01T00:00:00Z'));
    expect(periods.days30.since).toEqual(d('2024-12-03T00:00:00Z'));
    expect(periods.week).toEqual(window('2024-12-30T00:00:00Z', '2025-01-02T00:00:00Z'));
  });

  it('takes the last minutes up to and including the current second', () => {
    expect(recentWindow(d('2024-05-15T12:00:30.400Z'), 60 * 60_000)).toEqual(window('2024-05-15T11:00:31Z', '2024-05-15T12:00:31Z'));
    expect(recentWindow(d('2024-05-15T12:00:30Z'), 10 * 60_000)).toEqual(window('2024-05-15T11:50:31Z', '2024-05-15T12:00:31Z'));
  });

  it('asks for every period list, each with its period and class', () => {
    const query = leaderboardQuery(d('2024-05-15T12:00:00Z'), ['u-x']);
    expect(query.limit).toBe(LEADERBOARD_SIZE);
    expect(query.excludedUserIds).toEqual(['u-x']);
    expect(query.periods).toHaveLength(Object.keys(PERIOD_LISTS).length);
    expect(Object.keys(PERIOD_LISTS).length + 4).toBe(LEADERBOARD_LISTS.length);
    expect(PERIOD_LISTS.lb_voice3).toEqual({ period: 'days30', modeClass: 'VOICE' });
    expect(PERIOD_LISTS.leader_board_3_data).toEqual({ period: 'days7', modeClass: 'DATA' });
  });
});

describe('byte order', () => {
  it('orders by UTF-8 bytes: digits, upper case, lower case, then other letters; a prefix first', () => {
    const calls = ['b', 'B', 'a', 'AA', 'A', '9A1A', 'Ä', 'A/P', '\u{1F600}', '\uFFFD'];
    const expected = [...calls].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    expect([...calls].sort(compareBytes)).toEqual(expected);
    // UTF-16 order differs here: a character beyond the BMP sorts after U+FFFD in bytes.
    expect(compareBytes('\u{1F600}', '\uFFFD')).toBeGreaterThan(0);
    expect('\u{1F600}' < '\uFFFD').toBe(true);
  });
});

describe('leaderboard definitions over plain QSOs', () => {
  const NOW = d('2024-05-15T12:00:30Z');
  const rows = (qsos: LeaderboardQso[], excluded: string[] = []) => leaderboardRowsOf(currentQsos(qsos), leaderboardQuery(NOW, excluded));

  it('counts a QSO as its latest version, and a deleted one nowhere', () => {
    const a = qso('W1AW', '2024-05-15T11:59:00Z', { qdoId: 'a', version: 5 });
    const versions = [a, { ...a, mode: 'CW', version: 7 }, { ...a, mode: 'FT8', version: 6 }, qso('K1TTT', '2024-05-15T11:58:00Z', { qdoId: 'b', version: 3 }), { ...qso('K1TTT', '1970-01-01T00:00:00Z'), qdoId: 'b', deleted: true, version: 4 }];
    expect(currentQsos(versions).map((q) => [q.qdoId, q.mode])).toEqual([['a', 'CW']]);
    expect(rows(versions).lastHour).toEqual([{ stationCallsign: 'W1AW', count: 1 }]);
  });

  it('pile-ups: distinct calls in 10 minutes from 2 on; mode and frequency of the latest QSO, by the second then the version', () => {
    const r = rows([
      qso('P', '2024-05-15T11:55:00Z', { call: 'X1', mode: 'SSB', freqHz: 14_250_000 }),
      qso('P', '2024-05-15T11:59:00.900Z', { call: 'X2', mode: 'CW', freqHz: 7_010_000, version: 100 }),
      qso('P', '2024-05-15T11:59:00.100Z', { call: 'X3', mode: 'FT8', freqHz: 7_074_000, version: 101 }), // same second, later version
      qso('Q', '2024-05-15T11:56:00Z', { call: 'Y1' }),
      qso('Q', '2024-05-15T11:57:00Z', { call: 'Y1' }),
      qso('R', '2024-05-15T11:49:00Z', { call: 'Z1' }), // 11.5 minutes ago
      qso('R', '2024-05-15T11:59:00Z', { call: 'Z2' }),
    ]);
    expect(r.pileUps).toEqual([{ stationCallsign: 'P', count: 3, mode: 'FT8', freqHz: 7_074_000, contestName: '' }]);
  });

  it('maps rows to the answer: kHz, a contest frequency masked, the worked call as the station', () => {
    const empty: LeaderboardRows = { hotStations: [], pileUps: [], mostWorked: [], lastHour: [], periods: [] };
    const answer = leaderboardsAnswer(
      {
        ...empty,
        pileUps: [
          { stationCallsign: 'A', count: 3, mode: 'FT8', freqHz: 14_074_500, contestName: '' },
          { stationCallsign: 'B', count: 2, mode: 'CW', freqHz: 7_010_000, contestName: 'CQ-WW-CW' },
          { stationCallsign: 'C', count: 2, mode: 'SSB', freqHz: 0, contestName: '' },
          { stationCallsign: 'D', count: 2, mode: 'SSB', freqHz: 3_700_000, contestName: 'ABCD' },
        ],
        mostWorked: [{ call: 'TX5S', count: 4 }],
      },
      NOW,
    );
    expect(answer.lb_hot_now_2.map((e) => e.freq)).toEqual([14074.5, null, null, 3700]);
    expect(answer.lb_hot_now_3).toEqual([{ station_callsign: 'TX5S', call: 'TX5S', count: 4 }]);
    for (const list of LEADERBOARD_LISTS) expect(answer[list], list).toEqual(list === 'lb_hot_now_2' || list === 'lb_hot_now_3' ? expect.any(Array) : []);
    expect(answer.generated_at).toBe('2024-05-15T12:00:30.000Z');
  });

  it('picks the period lists from per-window counts exactly as from the QSOs themselves', () => {
    const stations = ['W1AW', 'K1TTT', 'DL1ABC', 'aa', 'AA', 'Ä9', 'G4X'];
    const modes = ['SSB', 'CW', 'FT8', 'SSTV', 'DMR', 'RTTY'];
    const qsos: LeaderboardQso[] = [];
    for (let i = 0; i < 600; i++) {
      const ts = new Date(NOW.getTime() - ((i * 7919) % (35 * 86_400)) * 1000 + 6 * 3_600_000);
      qsos.push(qso(stations[(i * i) % stations.length]!, ts.toISOString(), { mode: modes[i % modes.length]! }));
    }
    const query = leaderboardQuery(NOW, ['u-G4X']);
    const counted = qsos.filter((q) => q.stationUserId !== 'u-G4X');
    const { windows } = periodWindows(query.periods);
    const perStation = [...new Set(counted.map((q) => q.stationCallsign))].map((stationCallsign) => ({
      stationCallsign,
      counts: windows.map((w) =>
        MODE_CLASSES.map((klass) => counted.filter((q) => q.stationCallsign === stationCallsign && q.ts >= w.since && q.ts < w.until && modeClassOf(q.mode) === klass).length),
      ),
    }));
    const fromCounts = periodTops(query.periods, perStation, query.limit);
    expect(fromCounts).toEqual(leaderboardRowsOf(qsos, query).periods);
    expect(fromCounts.filter((list) => list.length > 0).length).toBeGreaterThan(15);
    expect(windows.length).toBeLessThanOrEqual(6);
  });

  it('answers the operators of the day by user, ties by user id, without the excluded', () => {
    const qsos = [
      qso('A', '2024-05-15T01:00:00Z', { stationUserId: 'u2' }),
      qso('A', '2024-05-15T02:00:00Z', { stationUserId: 'u2' }),
      qso('B', '2024-05-15T03:00:00Z', { stationUserId: 'u1' }),
      qso('B2', '2024-05-15T04:00:00Z', { stationUserId: 'u1' }),
      qso('C', '2024-05-15T05:00:00Z', { stationUserId: 'u3' }),
      qso('D', '2024-05-14T23:59:59Z', { stationUserId: 'u4' }),
    ];
    const today = leaderboardPeriods(NOW).today;
    expect(topUsersOf(qsos, today, [], 3)).toEqual([
      { stationUserId: 'u1', count: 2 },
      { stationUserId: 'u2', count: 2 },
      { stationUserId: 'u3', count: 1 },
    ]);
    expect(topUsersOf(qsos, today, ['u1'], 1)).toEqual([{ stationUserId: 'u2', count: 2 }]);
  });
});
