import { describe, expect, it } from 'vitest';
import { CQ_WW_CW } from '../src/contests/rules/built-in-rules';
import { boardOfCategory, boardPage, checkedBoard, ownBoardRow } from '../src/contests/rules/checked-board';
import { CHECKED_BOARD_PAGE, parseBoardOffset } from '../src/contests/rules/api';
import { hourlyCounts, RATE_GRAPH_HOURS } from '../src/contests/rules/score-figures';
import type { CheckedBoardRow } from '../src/contests/rules/api';
import { stationCategory } from '../src/contests/rules/contest-log';
import type { ContestEntry } from '../src/contests/rules/rules';

const START = Date.UTC(2026, 10, 28, 0, 0);
const category = stationCategory(CQ_WW_CW, {}).category;
const WINDOW = { startsAt: new Date(START), endsAt: new Date(START + 48 * 3_600_000) };

function qso(id: string, minute: number, band: string, call: string, sentZone: string, receivedZone: string): ContestEntry {
  return { id, at: START + minute * 60_000, band, mode: 'CW', call, sent: { rst: '599', zone: sentZone }, received: { rst: '599', zone: receivedZone } };
}

describe('the checked board', () => {
  it("counts a contact with another participant only when its log has it: claimed and checked scores, worked by hand", () => {
    const k9cts = [
      qso('k1', 1, '20m', 'DL1ABC', '4', '14'), // in DL1ABC's log: ok, 3 points
      qso('k2', 3, '20m', 'F5ABC', '4', '14'), // F5ABC sent no log: counted unchecked, 3 points
      qso('k3', 10, '15m', 'DL1ABC', '4', '15'), // DL1ABC sent 14: busted exchange
      qso('k4', 20, '40m', 'DL1ABC', '4', '14'), // not in DL1ABC's log
    ];
    const dl1abc = [qso('d1', 1, '20m', 'K9CTS', '14', '4'), qso('d2', 10, '15m', 'K9CTS', '14', '4')];
    const { rows: board, checks } = checkedBoard(
      CQ_WW_CW,
      [
        { call: 'K9CTS', category, entries: k9cts },
        { call: 'DL1ABC', category, entries: dl1abc },
      ],
      new Date(START + 30 * 60_000),
      WINDOW,
    );
    expect(checks.get('K9CTS')!.map((c) => [c.id, c.verdict])).toEqual([
      ['k1', 'ok'],
      ['k2', 'unique'],
      ['k3', 'busted-exchange'],
      ['k4', 'not-in-log'],
    ]);
    expect(board).toEqual([
      {
        rank: 1,
        my_callsign: 'DL1ABC',
        category,
        claimed: { qsos: 2, points: 6, multipliers: 4, score: 24 },
        checked: { qsos: 2, points: 6, multipliers: 4, score: 24 },
        not_in_log: 0,
        busted_call: 0,
        busted_exchange: 0,
        unique: 0,
        rate_10: 0,
        rate_60: 2,
        rate_hours: [2],
      },
      {
        rank: 2,
        my_callsign: 'K9CTS',
        category,
        // 4 × 3 points; zones 14 (20m), 15 (15m), 14 (40m); Germany on three bands and France on 20m.
        claimed: { qsos: 4, points: 12, multipliers: 7, score: 84 },
        // DL1ABC and F5ABC on 20m: zone 14, Germany, France.
        checked: { qsos: 2, points: 6, multipliers: 3, score: 18 },
        not_in_log: 1,
        busted_call: 0,
        busted_exchange: 1,
        unique: 1,
        rate_10: 0,
        rate_60: 4,
        // Its rate graph counts what it claims: the station's own view of its hours.
        rate_hours: [4],
      },
    ]);
  });

  it('takes a call and its portable form as one station', () => {
    const { rows: board } = checkedBoard(
      CQ_WW_CW,
      [
        { call: 'K9CTS', category, entries: [qso('a', 1, '20m', 'DL1ABC', '4', '14')] },
        { call: 'K9CTS/P', category, entries: [qso('b', 2, '15m', 'DL1ABC', '4', '14')] },
      ],
      new Date(START),
      WINDOW,
    );
    expect(board.map((row) => [row.my_callsign, row.claimed.qsos])).toEqual([['K9CTS', 2]]);
  });

  it('shows the stations of the category asked for, ranked among themselves', () => {
    const base = stationCategory(CQ_WW_CW, {}).category;
    const figures = { qsos: 1, points: 1, multipliers: 1, score: 1 };
    const row = (rank: number, call: string, power: string, operator = 'SINGLE-OP'): CheckedBoardRow => ({
      rank, my_callsign: call, category: { ...base, power, operator }, claimed: figures, checked: figures, not_in_log: 0, busted_call: 0, busted_exchange: 0, unique: 0, rate_10: 0, rate_60: 0, rate_hours: [],
    });
    const rows = [row(1, 'A1A', 'HIGH'), row(2, 'B1B', 'LOW'), row(3, 'C1C', 'LOW', 'MULTI-OP'), row(4, 'D1D', 'QRP')];
    const ranks = (page: { board: CheckedBoardRow[] }) => page.board.map((r) => [r.rank, r.my_callsign]);
    const page = (filter: Partial<typeof base>, offset?: number) => boardPage(boardOfCategory(rows, filter), offset);
    expect(ranks(page({}))).toEqual([[1, 'A1A'], [2, 'B1B'], [3, 'C1C'], [4, 'D1D']]);
    expect(ranks(page({ power: 'LOW' }))).toEqual([[1, 'B1B'], [2, 'C1C']]);
    expect(ranks(page({ power: 'LOW', operator: 'MULTI-OP' }))).toEqual([[1, 'C1C']]);
    expect(page({ power: '' })).toMatchObject({ total: 4, board: { length: 4 } });
    // A station's own row, ranked in the board of that category, by its call in any portable form.
    expect(ownBoardRow(boardOfCategory(rows, { power: 'LOW' }), 'C1C/P')).toMatchObject({ rank: 2, my_callsign: 'C1C' });
    expect(ownBoardRow(boardOfCategory(rows, { power: 'HIGH' }), 'B1B')).toBeNull();
    // A page at a time: ranks go on from the offset; the last page is what is left.
    const many = Array.from({ length: 5 * CHECKED_BOARD_PAGE + 50 }, (_, i) => row(i + 1, `K${i}AA`, 'HIGH'));
    expect(boardPage(many)).toMatchObject({ total: 550, board: { length: CHECKED_BOARD_PAGE } });
    const fifth = boardPage(many, 400);
    expect([fifth.board.length, fifth.board[0]!.rank, fifth.board[0]!.my_callsign, fifth.board.at(-1)!.rank]).toEqual([100, 401, 'K400AA', 500]);
    expect(ranks(boardPage(many, 540)).map(([rank]) => rank)).toEqual([541, 542, 543, 544, 545, 546, 547, 548, 549, 550]);
    expect(boardPage(many, 600).board).toEqual([]);
    expect(ownBoardRow(many, 'K549AA')).toMatchObject({ rank: 550, my_callsign: 'K549AA' });
    expect([undefined, '', '0', '200', '-1', '2.5', 'x'].map(parseBoardOffset)).toEqual([0, 0, 0, 200, null, null, null]);
  });

  it('draws a rate graph: counted contacts per hour of the contest up to the board, the last 48 at most', () => {
    const minute = (m: number) => START + m * 60_000;
    // 00:10 and 00:50 in the first hour, 01:05 in the second, none in the third, 03:00 in the fourth; 03:40 is after the board.
    expect(hourlyCounts([minute(10), minute(50), minute(65), minute(180), minute(220)], START, minute(210))).toEqual([2, 1, 0, 1]);
    expect(hourlyCounts([minute(10)], START, START - 1)).toEqual([]);
    // 60 hours in: the graph starts at hour 12, where a contact in hour 0 no longer shows.
    const late = hourlyCounts([minute(5), minute(12 * 60 + 1), minute(59 * 60)], START, minute(59 * 60 + 30));
    expect(late).toHaveLength(RATE_GRAPH_HOURS);
    expect([late[0], late.at(-1), late.reduce((a, b) => a + b, 0)]).toEqual([1, 1, 2]);
  });

  it('keeps a finished contest\'s rate graph whole: its hours end with the contest', () => {
    const stations = [{ call: 'K9CTS', category, entries: [qso('k1', 1, '20m', 'DL1ABC', '4', '14'), qso('k2', 47 * 60 + 5, '20m', 'F5ABC', '4', '14')] }];
    const { rows } = checkedBoard(CQ_WW_CW, stations, new Date(START + 30 * 24 * 3_600_000), WINDOW);
    expect(rows[0]!.rate_hours).toEqual([1, ...new Array<number>(46).fill(0), 1]);
  });
});
