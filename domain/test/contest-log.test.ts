import { describe, expect, it } from 'vitest';
import { contestCabrillo } from '../src/contests/cabrillo/contest-cabrillo';
import { readCabrillo } from '../src/contests/cabrillo/read-cabrillo';
import { writeCabrillo } from '../src/contests/cabrillo/write-cabrillo';
import { contestSummary } from '../src/contests/contest';
import { CQ_WW_DX_CW_2026 } from '../src/contests/built-in-contests';
import { ARRL_DX_SSB, CQ_WPX_CW, CQ_WW_CW } from '../src/contests/rules/built-in-rules';
import { cabrilloFileName } from '../src/contests/rules/api';
import { contestLog, stationCategory } from '../src/contests/rules/contest-log';
import type { QsoFields } from '../src/qso/fields';
import { qsoFields } from '../src/testing/qso-fields';

/** A CQ WW contact of K9CTS's: DL1ABC on 20 m CW, a minute into the contest. */
const fields = (overrides: Partial<QsoFields>): QsoFields =>
  qsoFields({ ts: '2026-11-28T00:01:00Z', call: 'DL1ABC', dxcc: 230, continent: 'EU', country: 'Germany', ...overrides });

const summary = contestSummary(CQ_WW_DX_CW_2026, new Date('2026-11-29T00:00:00Z'));

describe("a station's contest log", () => {
  it('takes the category from the request where the contest lists it, else the first it lists, and names what it refused', () => {
    expect(stationCategory(CQ_WW_CW, { operator: 'multi-op', power: 'low', overlay: 'CLASSIC' })).toEqual({
      category: { operator: 'MULTI-OP', assisted: 'ASSISTED', band: 'ALL', power: 'LOW', mode: 'CW', transmitter: 'ONE', overlay: 'CLASSIC' },
      refused: [],
    });
    expect(stationCategory(CQ_WW_CW, { power: 'MEGA', band: '30M', user_id: 'x' }).refused).toEqual(['band', 'power']);
  });

  it('leaves out QSOs on bands and modes the contest does not have, scores the rest in time order', () => {
    const qsos = [
      { qdoId: 'b', fields: fields({ ts: '2026-11-28T00:05:00Z', call: 'F5ABC', dxcc: 227, cqZone: 14 }) },
      { qdoId: 'a', fields: fields({ cqZone: 14 }) },
      { qdoId: 'c', fields: fields({ ts: '2026-11-28T00:06:00Z', mode: 'FT8', call: 'G4ABC', dxcc: 223 }) },
      { qdoId: 'd', fields: fields({ ts: '2026-11-28T00:07:00Z', band: '30m', freqHz: 10_110_000, call: 'ON4ABC', dxcc: 209 }) },
    ];
    const log = contestLog(summary, CQ_WW_CW, { call: 'K9CTS', category: stationCategory(CQ_WW_CW, {}).category }, qsos);
    expect(log.qsos.map((q) => [q.qdo_id, q.points, q.new_multipliers])).toEqual([
      ['a', 3, ['Zones 14 (20m)', 'Countries Fed. Rep. of Germany (20m)']],
      ['b', 3, ['Countries France (20m)']],
    ]);
    expect(log.left_out).toBe(2);
    expect(log.score.score).toBe(6 * 3);
  });
});

describe("the log's Cabrillo file", () => {
  it('numbers the serials sent where the log holds none, fills a contest RST, and marks what nobody logged', () => {
    const wpx = contestLog(summary, CQ_WPX_CW, { call: 'DL1ABC', category: stationCategory(CQ_WPX_CW, {}).category }, [
      { qdoId: 'a', fields: fields({ call: 'K1ABC', dxcc: 291, snt: '', rcv: '', details: { SRX: '17' } }) },
      { qdoId: 'b', fields: fields({ ts: '2026-11-28T00:02:00Z', call: 'W6XYZ', dxcc: 291, details: { STX: '5', SRX: '3' } }) },
    ]);
    const file = writeCabrillo(contestCabrillo(wpx, CQ_WPX_CW, 'HamLog'));
    const { log, problems } = readCabrillo(file);
    expect(problems).toEqual([]);
    expect(log.qsos.map((q) => [q.sent.join(' '), q.received.join(' ')])).toEqual([
      ['599 1', '599 17'],
      ['599 5', '599 3'],
    ]);
    expect(log).toMatchObject({ callsign: 'DL1ABC', contest: 'CQ-WPX-CW', claimedScore: wpx.score.score, operators: ['DL1ABC'] });
  });

  it("writes each side's own exchange (ARRL DX: a state sent, a power received) and joins a value's words", () => {
    const dx = contestLog(summary, ARRL_DX_SSB, { call: 'K1ABC', category: stationCategory(ARRL_DX_SSB, {}).category }, [
      { qdoId: 'a', fields: fields({ mode: 'SSB', snt: '59', rcv: '59', details: { RX_PWR: '100' }, extra: { MY_STATE: 'CT' } }) },
      { qdoId: 'b', fields: fields({ ts: '2026-11-28T00:03:00Z', mode: 'SSB', call: 'F5ABC', dxcc: 227, snt: '59', rcv: '5 9', extra: { MY_STATE: 'CT' } }) },
    ]);
    const { log } = readCabrillo(writeCabrillo(contestCabrillo(dx, ARRL_DX_SSB, 'HamLog')));
    expect(log.qsos.map((q) => [q.mode, q.sent.join(' '), q.received.join(' ')])).toEqual([
      ['PH', '59 CT', '59 100'],
      ['PH', '59 CT', '5-9 -'],
    ]);
  });

  it('is named by call, contest and year', () => {
    expect(cabrilloFileName('KH6/N8BJQ', 'CQ-WW-CW', '2026-11-28T00:00:00Z')).toBe('KH6_N8BJQ-CQ-WW-CW-2026.log');
  });
});
