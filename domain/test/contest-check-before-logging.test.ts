import { describe, expect, it } from 'vitest';
import { CONTEST_CHECK_BAND_INVALID, CONTEST_CHECK_CALL_INVALID, CONTEST_CHECK_MODE_INVALID, CONTEST_CHECK_OUTSIDE, CONTEST_CHECK_TS_INVALID } from '../src/contests/rules/api';
import { ARRL_DX_CW, CQ_WPX_CW, CQ_WW_CW, IARU_HF } from '../src/contests/rules/built-in-rules';
import { checkBeforeLogging, contestLoggerStart, parseContestCheck } from '../src/contests/rules/check-before-logging';
import type { ContestSummary } from '../src/community/api-shapes';
import { stationCategory } from '../src/contests/rules/contest-log';
import type { QsoFields } from '../src/qso/fields';
import { qsoFields } from '../src/testing/qso-fields';

const WINDOW = { startsAt: new Date('2026-11-28T00:00:00Z'), endsAt: new Date('2026-11-30T00:00:00Z') };
const NOW = new Date('2026-11-28T00:30:00Z');
const logged = (qdoId: string, overrides: Partial<QsoFields>) => ({ qdoId, fields: qsoFields({ ts: '2026-11-28T00:01:00Z', call: 'DL1ABC', dxcc: 230, continent: 'EU', ...overrides }) });
const station = (rules: typeof CQ_WW_CW) => ({ call: 'K9CTS', category: stationCategory(rules, {}).category });

function candidate(input: Record<string, unknown>) {
  const parsed = parseContestCheck(input, NOW);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.value;
}

describe('the logger’s question before Enter', () => {
  const log = [logged('a', { cqZone: 14 }), logged('b', { ts: '2026-11-28T00:25:00Z', call: 'JA1ABC', dxcc: 339, continent: 'AS', band: '15m', freqHz: 21_025_000, cqZone: 25 })];

  it('flags a dupe, names the multipliers a contact would bring, and gives the rate and the score so far', () => {
    const dupe = checkBeforeLogging(CQ_WW_CW, WINDOW, station(CQ_WW_CW), log, candidate({ call: 'dl1abc', band: '20m', mode: 'CW', received: { zone: 14 } }));
    expect(dupe).toMatchObject({ dupe: true, counts: false, points: 0, new_multipliers: [], problem: 'Worked before on this band' });
    const fresh = checkBeforeLogging(CQ_WW_CW, WINDOW, station(CQ_WW_CW), log, candidate({ call: 'F5ABC', freq_khz: '14025', mode: 'cw', received: { zone: '14' } }));
    expect(fresh).toEqual({
      dupe: false,
      counts: true,
      points: 3,
      new_multipliers: ['Countries France (20m)'],
      problem: null,
      received_fields: [
        { id: 'rst', kind: 'rst', label: 'RST' },
        { id: 'zone', kind: 'cq-zone', label: 'Zone' },
      ],
      next_serial: 3,
      rate_10: 1,
      rate_60: 2,
      score: { qsos: 2, points: 6, multipliers: 4, score: 24 },
    });
  });

  it('counts the serial up from the highest one sent', () => {
    const wpx = [logged('a', { details: { STX: '41' } }), logged('b', { ts: '2026-11-28T00:02:00Z', call: 'F5ABC', dxcc: 227, details: { STX: '42' } })];
    expect(checkBeforeLogging(CQ_WPX_CW, WINDOW, station(CQ_WPX_CW), wpx, candidate({ call: 'G4ABC', band: '20m', mode: 'CW' })).next_serial).toBe(43);
  });

  it('says a contact outside the contest would not count', () => {
    const late = checkBeforeLogging(CQ_WW_CW, WINDOW, station(CQ_WW_CW), log, candidate({ call: 'F5ABC', band: '20m', mode: 'CW', ts: '2026-11-30T00:00:00Z' }));
    expect(late).toMatchObject({ counts: false, points: 0, new_multipliers: [], problem: CONTEST_CHECK_OUTSIDE });
  });

  it('refuses what it cannot read, field by field', () => {
    expect(parseContestCheck({ call: 'nope', band: '21m', mode: 'XYZ', ts: 'tomorrow' }, NOW)).toEqual({
      ok: false,
      errors: { call: [CONTEST_CHECK_CALL_INVALID], band: [CONTEST_CHECK_BAND_INVALID], mode: [CONTEST_CHECK_MODE_INVALID], ts: [CONTEST_CHECK_TS_INVALID] },
    });
    expect(candidate({ call: 'K1ABC', freq_khz: 7025, mode: 'FT8' })).toMatchObject({ band: '40m', mode: 'DG' });
    expect(candidate({ call: 'K1ABC', band: '20M', mode: 'USB' })).toMatchObject({ band: '20m', mode: 'PH' });
  });

  it("starts the logger's contest mode: what the station sends with its zones filled in, what it will hear, its figures now", () => {
    const summary = { id: 'x', name: 'X' } as ContestSummary;
    const ww = contestLoggerStart(summary, CQ_WW_CW, station(CQ_WW_CW), log, NOW);
    expect(ww).toMatchObject({
      station: { call: 'K9CTS' },
      rules: { cabrillo_name: 'CQ-WW-CW' },
      sent_defaults: { zone: '4' },
      next_serial: 3,
      rate_10: 1,
      rate_60: 2,
      score: { qsos: 2, points: 6, multipliers: 4, score: 24 },
    });
    expect(ww.sent_fields.map((f) => f.id)).toEqual(['rst', 'zone']);
    // ARRL DX: a W station sends its state and hears DX stations' power; a DX station the other way round.
    const w = contestLoggerStart(summary, ARRL_DX_CW, station(ARRL_DX_CW), [], NOW);
    expect([w.sent_fields.map((f) => f.kind), w.received_fields.map((f) => f.kind)]).toEqual([['rst', 'state-province'], ['rst', 'power']]);
    const dx = contestLoggerStart(summary, ARRL_DX_CW, { ...station(ARRL_DX_CW), call: 'DL1ABC' }, [], NOW);
    expect([dx.sent_fields.map((f) => f.kind), dx.received_fields.map((f) => f.kind)]).toEqual([['rst', 'power'], ['rst', 'state-province']]);
    // IARU HF: the station's own ITU zone goes out unless changed.
    expect(contestLoggerStart(summary, IARU_HF, { ...station(IARU_HF), call: 'DL1ABC' }, [], NOW).sent_defaults).toEqual({ zone: '28' });
  });
});
