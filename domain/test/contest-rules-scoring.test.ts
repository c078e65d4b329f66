/**
 * The built-in contests scored on example logs worked out by hand from each sponsor's rules: the
 * expected points, multipliers and scores are stated here, contact by contact.
 */
import { describe, expect, it } from 'vitest';
import {
  ARRL_DX_CW,
  ARRL_FIELD_DAY,
  BUILT_IN_RULES,
  builtInRules,
  CLUB_SPRINT,
  CQ_WPX_CW,
  CQ_WW_CW,
  CQ_WW_SSB,
  IARU_HF,
} from '../src/contests/rules/built-in-rules';
import type { CabrilloMode, ContestEntry } from '../src/contests/rules/rules';
import { ContestScorer, scoreContestLog, type ContestStation } from '../src/contests/rules/scorer';

const START = Date.UTC(2025, 10, 29, 0, 0);
let nextId = 0;

/** A contact `minute` minutes into the contest. */
function qso(minute: number, band: string, mode: CabrilloMode, call: string, received: Record<string, string> = {}, sent: Record<string, string> = {}): ContestEntry {
  nextId += 1;
  return { id: `q${String(nextId).padStart(4, '0')}`, at: START + minute * 60_000, band, mode, call, sent, received };
}

/** Two letters for the i-th of a run of made-up calls: AA, AB ... */
const letters = (i: number): string => String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26));

const station = (call: string, category: ContestStation['category'] = { operator: 'SINGLE-OP' }): ContestStation => ({ call, category });

describe('CQ WW DX', () => {
  it('scores a European log: 0/1/3 points, zones and CQ countries (WAE included) per band', () => {
    const zone = (z: string) => ({ rst: '599', zone: z });
    const log = [
      qso(0, '20m', 'CW', 'K1ABC', zone('5')), // other continent: 3; zone 5, USA on 20m
      qso(1, '20m', 'CW', 'F5ABC', zone('14')), // same continent: 1; zone 14, France
      qso(2, '20m', 'CW', 'DL2XYZ', zone('14')), // own country: 0; Germany (zone 14 had)
      qso(3, '20m', 'CW', 'K1ABC', zone('5')), // dupe on 20m
      qso(4, '40m', 'CW', 'K1ABC', zone('5')), // 3; zone 5 and USA on 40m
      qso(5, '15m', 'CW', 'JA1ABC', zone('25')), // 3; zone 25, Japan on 15m
      qso(6, '20m', 'CW', 'IT9ABC', zone('15')), // 1; zone 15, Sicily (a CQ country apart from Italy)
      qso(7, '20m', 'CW', 'I2ABC', zone('15')), // 1; Italy
      qso(8, '30m', 'CW', 'G4ABC', zone('14')), // 30 m is not a contest band
      qso(9, '20m', 'CW', 'PY2ABC', zone('11')), // 3; zone 11, Brazil
    ];
    const { score, qsos } = scoreContestLog(CQ_WW_CW, station('DL1ABC'), log);
    expect(qsos.map((q) => q.points)).toEqual([3, 1, 0, 0, 3, 3, 1, 1, 0, 3]);
    expect(score.points).toBe(15);
    expect(score.qsos).toBe(8);
    expect(score.dupes).toBe(1);
    expect(score.refused).toBe(1);
    expect(score.multipliers.map((m) => [m.label, m.total, m.byBand])).toEqual([
      ['Zones', 6, { '20m': 4, '40m': 1, '15m': 1 }],
      ['Countries', 8, { '20m': 6, '40m': 1, '15m': 1 }],
    ]);
    expect(score.multiplierTotal).toBe(14);
    expect(score.score).toBe(15 * 14);
    expect(qsos[3]!.problem).toBe('Worked before on this band');
    expect(qsos[8]!.problem).toBe('30m is not a band of CQ World Wide DX Contest CW');
  });

  it("gives 2 points between North Americans of different countries and 0 in one's own", () => {
    const log = [
      qso(0, '20m', 'PH', 'VE3ABC', { zone: '4' }), // 2
      qso(1, '20m', 'PH', 'W6XYZ', { zone: '3' }), // 0 (own country)
      qso(2, '20m', 'PH', 'XE1ABC', { zone: '6' }), // 2
      qso(3, '20m', 'PH', 'KL7ABC', { zone: '1' }), // 2 (Alaska is a country of its own)
      qso(4, '20m', 'PH', 'DL1ABC', { zone: '14' }), // 3
    ];
    const { score } = scoreContestLog(CQ_WW_SSB, station('K1ABC'), log);
    expect(score.points).toBe(9);
    expect(score.multiplierTotal).toBe(10); // zones 4 3 6 1 14; countries Canada USA Mexico Alaska Germany
    expect(score.score).toBe(90);
  });

  it('takes the zone from the exchange, else from the call', () => {
    const { score } = scoreContestLog(CQ_WW_CW, station('DL1ABC'), [qso(0, '20m', 'CW', 'W6XYZ', { zone: '4' }), qso(1, '15m', 'CW', 'W6XYZ')]);
    expect(score.multipliers[0]!.byBand).toEqual({ '20m': 1, '15m': 1 });
    const scorer = new ContestScorer(CQ_WW_CW, station('DL1ABC'));
    scorer.add(qso(0, '20m', 'CW', 'W6XYZ', { zone: '4' }));
    expect(scorer.check(qso(1, '20m', 'CW', 'W1AW', { zone: '5' })).newMultipliers.map((m) => [m.label, m.value])).toEqual([['Zones', '5']]);
    expect(scorer.check(qso(2, '20m', 'CW', 'W1AW')).newMultipliers.map((m) => m.value)).toEqual(['5']);
  });

  it('stops a classic single operator after 24 hours on the air; off times of an hour or more do not count', () => {
    // A contact every 30 minutes for 12 hours, a 2-hour break, then every 30 minutes for 14 hours more.
    const log: ContestEntry[] = [];
    for (let i = 0; i <= 24; i += 1) log.push(qso(i * 30, '20m', 'CW', `DL${i % 10}A${letters(i)}`, { zone: '14' }));
    for (let i = 0; i <= 28; i += 1) log.push(qso(14 * 60 + i * 30, '40m', 'CW', `DL${i % 10}B${letters(i)}`, { zone: '14' }));
    const classic = scoreContestLog(CQ_WW_CW, station('F5ABC', { operator: 'SINGLE-OP', overlay: 'CLASSIC' }), log);
    // 12 hours before the break; the second stretch may add 12 more: 24 half hours, so 25 of its 29 contacts.
    expect(classic.score.qsos).toBe(25 + 25);
    expect(classic.score.refused).toBe(4);
    expect(classic.score.operatingMinutes).toBe(26 * 60);
    expect(classic.qsos.at(-1)!.problem).toBe('Past the 24 hours a single-op station may operate');
    const open = scoreContestLog(CQ_WW_CW, station('F5ABC', { operator: 'SINGLE-OP' }), log);
    expect(open.score.qsos).toBe(54);
    expect(open.score.operatingMinutes).toBe(26 * 60);
  });
});

describe('CQ WPX', () => {
  it('scores by band and continent, one multiplier per prefix in the whole contest', () => {
    const log = [
      qso(0, '20m', 'CW', 'K1ABC'), // other continent, high band: 3; prefix K1
      qso(1, '40m', 'CW', 'K1ABC'), // low band: 6
      qso(2, '20m', 'CW', 'F5ABC'), // same continent: 1; F5
      qso(3, '80m', 'CW', 'F5ABC'), // low band: 2
      qso(4, '20m', 'CW', 'DL2XYZ'), // own country: 1; DL2
      qso(5, '20m', 'CW', 'DL2XYZ'), // dupe
      qso(6, '15m', 'CW', 'N8BJQ/KH6'), // Hawaii, Oceania: 3; prefix KH6
    ];
    const { score } = scoreContestLog(CQ_WPX_CW, station('DL1ABC'), log);
    expect(score.points).toBe(16);
    expect(score.multiplierTotal).toBe(4);
    expect(score.multipliers[0]!.byBand).toEqual({ all: 4 });
    expect(score.score).toBe(64);
  });

  it("gives North Americans 2 and 4 points between each other's countries", () => {
    const log = [qso(0, '20m', 'CW', 'VE3ABC'), qso(1, '40m', 'CW', 'VE3ABC'), qso(2, '40m', 'CW', 'W6XYZ')];
    const { score } = scoreContestLog(CQ_WPX_CW, station('K1ABC'), log);
    expect(score.points).toBe(2 + 4 + 1);
    expect(score.score).toBe(7 * 2);
  });

  it('lets a single operator use 36 of the 48 hours', () => {
    const log: ContestEntry[] = [];
    for (let i = 0; i <= 80; i += 1) log.push(qso(i * 30, '20m', 'CW', `W${i % 10}X${letters(i)}`));
    const single = scoreContestLog(CQ_WPX_CW, station('DL1ABC'), log);
    expect(single.score.qsos).toBe(73);
    expect(single.score.refused).toBe(8);
    const multi = scoreContestLog(CQ_WPX_CW, station('DL1ABC', { operator: 'MULTI-OP' }), log);
    expect(multi.score.qsos).toBe(81);
  });
});

describe('ARRL International DX', () => {
  it('a W/VE station: DX contacts only, 3 points, DXCC entities per band', () => {
    const dx = { rst: '599', power: '100' };
    const log = [
      qso(0, '20m', 'CW', 'DL1ABC', dx), // 3; Germany on 20m
      qso(1, '20m', 'CW', 'W6XYZ', { rst: '599', state: 'CA' }), // W-W does not count
      qso(2, '20m', 'CW', 'VE3ABC', { rst: '599', state: 'ON' }), // nor W-VE
      qso(3, '40m', 'CW', 'DL1ABC', dx), // 3; Germany on 40m
      qso(4, '20m', 'CW', 'KH6ABC', dx), // Hawaii is DX: 3
      qso(5, '20m', 'CW', 'KL7ABC', dx), // Alaska is DX: 3
      qso(6, '20m', 'CW', 'XE1ABC', dx), // 3
    ];
    const { score, qsos } = scoreContestLog(ARRL_DX_CW, station('K1ABC'), log);
    expect(score.points).toBe(15);
    expect(score.refused).toBe(2);
    expect(qsos[1]!.problem).toBe('In ARRL International DX Contest CW W/VE stations work DX stations and DX stations work W/VE only');
    expect(score.multipliers.map((m) => m.total)).toEqual([5, 0]);
    expect(score.score).toBe(75);
  });

  it('a DX station: W/VE contacts only, the 48 states, DC and the provinces per band', () => {
    const log = [
      qso(0, '20m', 'CW', 'K1ABC', { rst: '599', state: 'CT' }), // 3; CT on 20m
      qso(1, '20m', 'CW', 'W1AW', { rst: '599', state: 'ct' }), // 3; CT had
      qso(2, '20m', 'CW', 'VE3ABC', { rst: '599', state: 'ON' }), // 3; ON
      qso(3, '20m', 'CW', 'F5ABC', { rst: '599', power: '100' }), // DX-DX does not count
      qso(4, '40m', 'CW', 'K1ABC', { rst: '599', state: 'CT' }), // 3; CT on 40m
      qso(5, '20m', 'CW', 'KL7ABC', { rst: '599', power: '100' }), // Alaska is DX
      qso(6, '15m', 'CW', 'W6XYZ', { rst: '599', state: 'CA' }), // 3; CA on 15m
      qso(7, '15m', 'CW', 'W1AW', { rst: '599', state: 'ZZ' }), // 3; ZZ is no multiplier
    ];
    const { score } = scoreContestLog(ARRL_DX_CW, station('DL1ABC'), log);
    expect(score.points).toBe(18);
    expect(score.multipliers.map((m) => [m.total, m.byBand])).toEqual([
      [0, {}],
      [4, { '20m': 2, '40m': 1, '15m': 1 }],
    ]);
    expect(score.score).toBe(72);
  });
});

describe('IARU HF', () => {
  it('1 point in the own zone or with an HQ station, 3 on the continent, 5 beyond; zones and HQs per band; dupes per band and mode', () => {
    const sent = { rst: '599', zone: '28' };
    const log = [
      qso(0, '20m', 'CW', 'DL2XYZ', { rst: '599', zone: '28' }, sent), // same zone: 1; zone 28
      qso(1, '20m', 'CW', 'F5ABC', { rst: '599', zone: '27' }, sent), // 3; zone 27
      qso(2, '20m', 'PH', 'F5ABC', { rst: '59', zone: '27' }, sent), // other mode: 3, no new multiplier
      qso(3, '20m', 'CW', 'DA0HQ', { rst: '599', zone: 'DARC' }, sent), // HQ: 1; HQ DARC
      qso(4, '20m', 'CW', 'K1ABC', { rst: '599', zone: '8' }, sent), // 5; zone 8
      qso(5, '40m', 'CW', 'K1ABC', { rst: '599', zone: '8' }, sent), // 5; zone 8 on 40m
      qso(6, '20m', 'CW', 'F5ABC', { rst: '599', zone: '27' }, sent), // dupe
    ];
    const { score } = scoreContestLog(IARU_HF, station('DL1ABC'), log);
    expect(score.points).toBe(18);
    expect(score.multipliers.map((m) => [m.label, m.total])).toEqual([
      ['ITU zones', 4],
      ['HQ stations', 1],
    ]);
    expect(score.dupes).toBe(1);
    expect(score.score).toBe(90);
  });
});

describe('ARRL Field Day', () => {
  const log = () => [
    qso(0, '20m', 'PH', 'K1ABC', { class: '2A', section: 'CT' }), // 1
    qso(1, '20m', 'CW', 'K1ABC', { class: '2A', section: 'CT' }), // 2 (another mode)
    qso(2, '20m', 'PH', 'K1ABC', { class: '2A', section: 'CT' }), // dupe
    qso(3, '40m', 'DG', 'W6XYZ', { class: '1D', section: 'SCV' }), // 2
    qso(4, '40m', 'RY', 'W6XYZ', { class: '1D', section: 'SCV' }), // dupe: RTTY and FT8 are both digital
    qso(5, '6m', 'FM', 'VE3ABC', { class: '3A', section: 'ONS' }), // 1 (FM is phone)
    qso(6, '30m', 'CW', 'W1AW', { class: '1A', section: 'CT' }), // no 30 m
  ];

  it('1 point phone, 2 CW and digital, dupes per band and mode, times the power multiplier', () => {
    const low = scoreContestLog(ARRL_FIELD_DAY, station('W1AW', { operator: 'MULTI-OP', power: 'LOW' }), log());
    expect(low.score.points).toBe(6);
    expect(low.score.dupes).toBe(2);
    expect(low.score.refused).toBe(1);
    expect(low.score.score).toBe(12);
    expect(scoreContestLog(ARRL_FIELD_DAY, station('W1AW', { power: 'QRP' }), log()).score.score).toBe(30);
    expect(scoreContestLog(ARRL_FIELD_DAY, station('W1AW', { power: 'HIGH' }), log()).score.score).toBe(6);
  });
});

describe('the club sprint', () => {
  it('1 point a contact, each DXCC entity once in the contest, dupes per band whatever the mode', () => {
    const log = [qso(0, '20m', 'CW', 'K1ABC'), qso(1, '40m', 'CW', 'K1ABC'), qso(2, '20m', 'PH', 'F5ABC'), qso(3, '20m', 'CW', 'F5ABC')];
    const { score } = scoreContestLog(CLUB_SPRINT, station('DL1ABC'), log);
    expect([score.points, score.multiplierTotal, score.dupes, score.score]).toEqual([3, 2, 1, 6]);
  });
});

describe('the logger asks before Enter', () => {
  it('flags a dupe and a new multiplier without adding the contact', () => {
    const scorer = new ContestScorer(CQ_WW_CW, station('DL1ABC'));
    scorer.add(qso(0, '20m', 'CW', 'K1ABC', { zone: '5' }));
    const again = scorer.check(qso(1, '20m', 'CW', 'K1ABC', { zone: '5' }));
    expect([again.dupe, again.counts, again.points]).toEqual([true, false, 0]);
    const other = scorer.check(qso(2, '15m', 'CW', 'K1ABC', { zone: '5' }));
    expect(other.newMultipliers.map((m) => `${m.label} ${m.value} ${m.band}`)).toEqual(['Zones 5 15m', 'Countries 291 15m']);
    expect(scorer.score().qsos).toBe(1);
  });
});

describe('the built-in rules', () => {
  it('are found by their Cabrillo name, and each names bands, modes, an exchange and points', () => {
    expect(builtInRules('cq-ww-cw')).toBe(CQ_WW_CW);
    expect(builtInRules('NO-SUCH')).toBeNull();
    expect(new Set(BUILT_IN_RULES.map((r) => r.cabrilloName)).size).toBe(BUILT_IN_RULES.length);
    for (const rules of BUILT_IN_RULES) {
      expect(rules.bands.length, rules.name).toBeGreaterThan(0);
      expect(rules.exchange.length, rules.name).toBeGreaterThan(0);
      expect(rules.points.length, rules.name).toBeGreaterThan(0);
    }
  });
});
