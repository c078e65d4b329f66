import { describe, expect, it } from 'vitest';
import { CQ_WW_CW } from '../src/contests/rules/built-in-rules';
import { boardRows, checkedBoard } from '../src/contests/rules/checked-board';
import type { CheckedBoardRow } from '../src/contests/rules/api';
import { stationCategory } from '../src/contests/rules/contest-log';
import type { ContestEntry } from '../src/contests/rules/rules';

const START = Date.UTC(2026, 10, 28, 0, 0);
const category = stationCategory(CQ_WW_CW, {}).category;

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
    );
    expect(board.map((row) => [row.my_callsign, row.claimed.qsos])).toEqual([['K9CTS', 2]]);
  });

  it('shows the stations of the category asked for, ranked among themselves', () => {
    const base = stationCategory(CQ_WW_CW, {}).category;
    const figures = { qsos: 1, points: 1, multipliers: 1, score: 1 };
    const row = (rank: number, call: string, power: string, operator = 'SINGLE-OP'): CheckedBoardRow => ({
      rank, my_callsign: call, category: { ...base, power, operator }, claimed: figures, checked: figures, not_in_log: 0, busted_call: 0, busted_exchange: 0, unique: 0, rate_10: 0, rate_60: 0,
    });
    const rows = [row(1, 'A1A', 'HIGH'), row(2, 'B1B', 'LOW'), row(3, 'C1C', 'LOW', 'MULTI-OP'), row(4, 'D1D', 'QRP')];
    expect(boardRows(rows, {}).map((r) => [r.rank, r.my_callsign])).toEqual([[1, 'A1A'], [2, 'B1B'], [3, 'C1C'], [4, 'D1D']]);
    expect(boardRows(rows, { power: 'LOW' }).map((r) => [r.rank, r.my_callsign])).toEqual([[1, 'B1B'], [2, 'C1C']]);
    expect(boardRows(rows, { power: 'LOW', operator: 'MULTI-OP' }).map((r) => [r.rank, r.my_callsign])).toEqual([[1, 'C1C']]);
    expect(boardRows(rows, { power: '' }).map((r) => r.my_callsign)).toHaveLength(4);
  });
});
