/**
 * An organiser's own rules (issue 23): the spec read field by field, turned into the scorer's rules
 * and scored on logs worked out by hand; a contest stores it with rules 'CUSTOM' and every lookup
 * goes through contestRulesOf.
 */
import { describe, expect, it } from 'vitest';
import { contestSummary, sameContestDefinition, type Contest } from '../src/contests/contest';
import { evolveContest } from '../src/contests/decider';
import { CLUB_SPRINT, CQ_WW_CW } from '../src/contests/rules/built-in-rules';
import { contestRulesOf, customRules, rulesFromSpec } from '../src/contests/rules/custom-rules';
import * as t from '../src/contests/rules/custom-rules-messages';
import { newCustomRulesSpec, type CustomRulesSpec } from '../src/contests/rules/custom-rules-spec';
import { parseCustomRulesSpec } from '../src/contests/rules/parse-custom-rules';
import type { CabrilloMode, ContestEntry } from '../src/contests/rules/rules';
import { scoreContestLog } from '../src/contests/rules/scorer';
import { parseContestInput } from '../src/contests/validation';

const START = Date.UTC(2026, 2, 7, 18, 0);
let nextId = 0;
function qso(minute: number, band: string, mode: CabrilloMode, call: string, received: Record<string, string> = {}): ContestEntry {
  nextId += 1;
  return { id: `q${String(nextId).padStart(4, '0')}`, at: START + minute * 60_000, band, mode, call, sent: {}, received };
}

/** The club sprint built from the pieces: RST and serial, 1 point a contact, DXCC once in the contest, dupes per band. */
const SPRINT_SPEC: CustomRulesSpec = { ...newCustomRulesSpec(), name: 'Club Sprint', cabrillo_name: 'CLUB-SPRINT' };

/** CW scores more than phone; CQ zones per band and DXCC entities once; dupes per band and mode. */
const ZONES_SPEC: CustomRulesSpec = {
  name: 'Zone Hunt',
  cabrillo_name: 'ZONE-HUNT',
  bands: ['40m', '20m'],
  modes: ['CW', 'PH'],
  exchange: [
    { kind: 'rst', label: 'RST' },
    { kind: 'serial', label: 'Nr' },
    { kind: 'cq-zone', label: 'Zone' },
  ],
  points: [
    { modes: 'CW', same_country: 1, same_continent: 2, other_continent: 4 },
    { modes: 'PH', same_country: 1, same_continent: 1, other_continent: 2 },
  ],
  multipliers: [
    { kind: 'cq-zone', per: 'band' },
    { kind: 'dxcc', per: 'contest' },
  ],
  dupes: 'band-mode',
};

const errorsOf = (input: unknown): Record<string, string[]> => {
  const parsed = parseCustomRulesSpec(input);
  return parsed.ok ? {} : parsed.errors;
};

describe('custom rules scored like the built-in ones', () => {
  it('a club sprint from the pieces scores a hand-scored log as the built-in club sprint: 3 points × 2 entities = 6', () => {
    const log = () => [qso(0, '20m', 'CW', 'K1ABC'), qso(1, '40m', 'CW', 'K1ABC'), qso(2, '20m', 'PH', 'F5ABC'), qso(3, '20m', 'CW', 'F5ABC'), qso(4, '30m', 'CW', 'G4ABC')];
    const custom = customRules(SPRINT_SPEC);
    if (!custom.ok) throw new Error(JSON.stringify(custom.errors));
    const mine = scoreContestLog(custom.value, { call: 'DL1ABC' }, log()).score;
    // K1ABC 20m: 1, USA; K1ABC 40m: 1; F5ABC 20m PH: 1, France; F5ABC 20m CW: dupe (per band); 30m: not a band.
    expect([mine.points, mine.multiplierTotal, mine.qsos, mine.dupes, mine.refused, mine.score]).toEqual([3, 2, 3, 1, 1, 6]);
    expect(mine).toEqual(scoreContestLog(CLUB_SPRINT, { call: 'DL1ABC' }, log()).score);
    expect(custom.value.exchange).toEqual(CLUB_SPRINT.exchange.map((variant) => ({ ...variant, fields: variant.fields.map((f) => ({ ...f, id: f.kind })) })));
    // The built-in sprint offers only ALL; custom rules offer each of their bands too.
    expect(custom.value.categories).toEqual({ ...CLUB_SPRINT.categories, band: ['ALL', '80M', '40M', '20M', '15M', '10M'] });
  });

  it('points per mode group, zones per band and entities once: 15 points × 8 multipliers = 120', () => {
    const zone = (z: string) => ({ rst: '599', serial: '1', 'cq-zone': z });
    const log = [
      qso(0, '20m', 'CW', 'K1ABC', zone('5')), // other continent, CW: 4; zone 5 on 20m, USA
      qso(1, '20m', 'PH', 'K1ABC', zone('5')), // another mode on the band: not a dupe; phone: 2; nothing new
      qso(2, '20m', 'CW', 'K1ABC', zone('5')), // dupe on 20m CW
      qso(3, '40m', 'CW', 'F5ABC', zone('14')), // same continent, CW: 2; zone 14 on 40m, France
      qso(4, '40m', 'PH', 'DL2XYZ', zone('14')), // own country: 1; Germany
      qso(5, '15m', 'CW', 'JA1ABC', zone('25')), // 15 m is not a band of the contest
      qso(6, '20m', 'CW', 'JA1ABC', zone('25')), // 4; zone 25 on 20m, Japan
      qso(7, '40m', 'CW', 'G4ABC', zone('14')), // 2; England
    ];
    const { score, qsos } = scoreContestLog(rulesFromSpec(ZONES_SPEC), { call: 'DL1ABC' }, log);
    expect(qsos.map((q) => q.points)).toEqual([4, 2, 0, 2, 1, 0, 4, 2]);
    expect(qsos.map((q) => q.newMultipliers.length)).toEqual([2, 0, 0, 2, 1, 0, 2, 1]);
    expect(score.multipliers.map((m) => [m.label, m.total])).toEqual([['CQ zones', 3], ['DXCC entities', 5]]);
    expect([score.points, score.multiplierTotal, score.qsos, score.dupes, score.refused, score.score]).toEqual([15, 8, 6, 1, 1, 120]);
  });

  it('points by band, rows tried in order: CW 3 or 6 points on 160/80 m, less above; phone 1 everywhere: 15 points × 4 entities = 60', () => {
    const spec: CustomRulesSpec = {
      ...SPRINT_SPEC,
      bands: ['160m', '80m', '40m', '20m'],
      points: [
        { modes: 'CW', bands: ['160m', '80m'], same_country: 1, same_continent: 3, other_continent: 6 },
        { modes: 'CW', same_country: 1, same_continent: 1, other_continent: 2 },
        { modes: 'PH', same_country: 1, same_continent: 1, other_continent: 1 },
      ],
      dupes: 'band-mode',
    };
    const rules = rulesFromSpec(spec);
    // The scorer's point rules keep the rows' order, the band row's bands on each of its relations.
    expect(rules.points.slice(0, 3)).toEqual([
      { relation: 'same-country', modes: ['CW'], bands: ['160m', '80m'], points: 1 },
      { relation: 'same-continent', modes: ['CW'], bands: ['160m', '80m'], points: 3 },
      { relation: 'other-continent', modes: ['CW'], bands: ['160m', '80m'], points: 6 },
    ]);
    const log = [
      qso(0, '160m', 'CW', 'DL2XYZ'), // own country on 160 m: 1; Germany
      qso(1, '80m', 'CW', 'F5ABC'), // same continent on 80 m: 3; France
      qso(2, '80m', 'CW', 'K1ABC'), // other continent on 80 m: 6; USA
      qso(3, '40m', 'CW', 'K1ABC'), // 40 m is not a band row's: the CW row for the other bands, 2
      qso(4, '20m', 'CW', 'G4ABC'), // same continent above 80 m: 1; England
      qso(5, '20m', 'CW', 'F5ABC'), // 1; France again
      qso(6, '80m', 'CW', 'F5ABC'), // dupe on 80 m CW
      qso(7, '80m', 'PH', 'F5ABC'), // phone has no band row: 1 on 80 m too
      qso(8, '15m', 'CW', 'JA1ABC'), // 15 m is not a band of the contest
    ];
    const { score, qsos } = scoreContestLog(rules, { call: 'DL1ABC' }, log);
    expect(qsos.map((q) => q.points)).toEqual([1, 3, 6, 2, 1, 1, 0, 1, 0]);
    expect([score.points, score.multiplierTotal, score.qsos, score.dupes, score.refused, score.score]).toEqual([15, 4, 7, 1, 1, 60]);
  });

  it('limits single operators to their hours on the air, pauses of 30 minutes or more off: 7 × 5 = 35, a multi-op 8 × 5 = 40', () => {
    const rules = rulesFromSpec({ ...SPRINT_SPEC, off_time: { max_hours: 2, min_break_minutes: 30 } });
    expect(rules.offTime).toEqual([{ operator: 'SINGLE-OP', maxHours: 2, minBreakMinutes: 30 }]);
    const log = () => [
      qso(0, '20m', 'CW', 'K1ABC'), // on the air from here
      qso(25, '20m', 'CW', 'F5ABC'), // 25 minutes on
      qso(50, '20m', 'CW', 'G4ABC'), // 50
      qso(80, '20m', 'CW', 'JA1ABC'), // a pause of 30 minutes is off time: still 50
      qso(105, '20m', 'CW', 'DL2XYZ'), // 75
      qso(130, '40m', 'CW', 'K1ABC'), // 100
      qso(150, '40m', 'CW', 'F5ABC'), // 120: the 2 hours, still in
      qso(155, '40m', 'CW', 'G4ABC'), // 125: past them
    ];
    const single = scoreContestLog(rules, { call: 'DL1ABC', category: { operator: 'SINGLE-OP' } }, log());
    expect(single.qsos.map((q) => q.counts)).toEqual([true, true, true, true, true, true, true, false]);
    expect(single.qsos.at(-1)!.problem).toBe('Past the 2 hours a single-op station may operate');
    expect([single.score.points, single.score.multiplierTotal, single.score.refused, single.score.score, single.score.operatingMinutes]).toEqual([7, 5, 1, 35, 125]);
    const multi = scoreContestLog(rules, { call: 'DL1ABC', category: { operator: 'MULTI-OP' } }, log());
    expect([multi.score.points, multi.score.multiplierTotal, multi.score.refused, multi.score.score]).toEqual([8, 5, 0, 40]);
  });

  it('reads and scores a spec stored before band rows and off time as before', () => {
    const parsed = parseCustomRulesSpec(JSON.parse(JSON.stringify(ZONES_SPEC)));
    expect(parsed).toEqual({ ok: true, value: ZONES_SPEC });
    expect(parsed.ok && parsed.value).not.toHaveProperty('off_time');
    expect(parsed.ok && parsed.value.points.some((row) => 'bands' in row)).toBe(false);
    const rules = rulesFromSpec(ZONES_SPEC);
    expect(rules).not.toHaveProperty('offTime');
    expect(rules.points).toEqual([
      { relation: 'same-country', modes: ['CW'], points: 1 },
      { relation: 'same-continent', modes: ['CW'], points: 2 },
      { relation: 'other-continent', modes: ['CW'], points: 4 },
      { relation: 'same-country', modes: ['PH'], points: 1 },
      { relation: 'same-continent', modes: ['PH'], points: 1 },
      { relation: 'other-continent', modes: ['PH'], points: 2 },
    ]);
  });

  it('offers the categories of its modes and bands', () => {
    const rules = rulesFromSpec({ ...ZONES_SPEC, modes: ['CW', 'RY'], bands: ['80m', '2m', '70cm'], points: [{ modes: 'all', same_country: 1, same_continent: 1, other_continent: 1 }] });
    expect(rules.categories.mode).toEqual(['CW', 'RTTY', 'MIXED']);
    expect(rules.categories.band).toEqual(['ALL', '80M', '2M', '432']);
    expect(rules.categories.operator).toEqual(CQ_WW_CW.categories.operator);
  });
});

describe('reading the spec', () => {
  it('normalises what it keeps: trimmed names, the Cabrillo name upper-cased, bands and modes in order, kinds’ labels by default', () => {
    const parsed = parseCustomRulesSpec({
      ...ZONES_SPEC,
      name: '  Zone   Hunt ',
      cabrillo_name: ' zone-hunt ',
      bands: ['20m', '40m'],
      modes: ['PH', 'CW'],
      exchange: [{ kind: 'rst' }, { kind: 'serial', label: ' No. ' }],
      points: [{ same_country: '1', same_continent: 2, other_continent: 3 }],
      multipliers: undefined,
    });
    expect(parsed).toEqual({
      ok: true,
      value: {
        ...ZONES_SPEC,
        name: 'Zone Hunt',
        cabrillo_name: 'ZONE-HUNT',
        bands: ['40m', '20m'],
        modes: ['CW', 'PH'],
        exchange: [{ kind: 'rst', label: 'RST' }, { kind: 'serial', label: 'No.' }],
        points: [{ modes: 'all', same_country: 1, same_continent: 2, other_continent: 3 }],
        multipliers: [],
      },
    });
  });

  it('says what is wrong under each field', () => {
    expect(errorsOf('CQ-WW-CW')).toEqual({ custom_rules: [t.CUSTOM_RULES_NOT_OBJECT] });
    expect(errorsOf({ ...ZONES_SPEC, name: ' ', cabrillo_name: 'CQ-WW-CW', bands: [], modes: ['XX'], dupes: 'call' })).toEqual({
      'custom_rules.name': [t.CUSTOM_NAME_INVALID],
      'custom_rules.cabrillo_name': [t.customCabrilloNameTaken('CQ-WW-CW')],
      'custom_rules.bands': [t.CUSTOM_BANDS_INVALID],
      'custom_rules.modes': [t.CUSTOM_MODES_INVALID],
      'custom_rules.dupes': [t.CUSTOM_DUPES_INVALID],
    });
    expect(errorsOf({ ...ZONES_SPEC, name: 'x'.repeat(41), cabrillo_name: 'MY SPRINT', bands: ['30m'] })).toEqual({
      'custom_rules.name': [t.CUSTOM_NAME_INVALID],
      'custom_rules.cabrillo_name': [t.CUSTOM_CABRILLO_NAME_INVALID],
      'custom_rules.bands': [t.CUSTOM_BANDS_INVALID],
    });
  });

  it('keeps the exchange to 1 to 8 fields, each kind once, with short labels', () => {
    const nine = ['rst', 'serial', 'cq-zone', 'itu-zone', 'state-province', 'name', 'power', 'grid', 'class'].map((kind) => ({ kind }));
    expect(errorsOf({ ...ZONES_SPEC, exchange: nine })).toEqual({ 'custom_rules.exchange': [t.CUSTOM_EXCHANGE_COUNT] });
    expect(errorsOf({ ...ZONES_SPEC, exchange: [] })).toEqual({ 'custom_rules.exchange': [t.CUSTOM_EXCHANGE_COUNT] });
    expect(errorsOf({ ...ZONES_SPEC, exchange: [{ kind: 'rst' }, { kind: 'zone' }, { kind: 'rst' }, { kind: 'name', label: 'n'.repeat(21) }] })).toEqual({
      'custom_rules.exchange.1.kind': [t.CUSTOM_EXCHANGE_KIND_INVALID],
      'custom_rules.exchange.2.kind': [t.customExchangeKindTwice('RST')],
      'custom_rules.exchange.3.label': [t.CUSTOM_EXCHANGE_LABEL_INVALID],
    });
  });

  it('wants points from 0 to 100, once for every mode or for each mode group of the contest', () => {
    const row = (modes: string, points = 1) => ({ modes, same_country: points, same_continent: points, other_continent: points });
    expect(errorsOf({ ...ZONES_SPEC, points: [{ modes: 'all', same_country: -1, same_continent: 101, other_continent: 1.5 }] })).toEqual({
      'custom_rules.points.0.same_country': [t.CUSTOM_POINTS_INVALID],
      'custom_rules.points.0.same_continent': [t.CUSTOM_POINTS_INVALID],
      'custom_rules.points.0.other_continent': [t.CUSTOM_POINTS_INVALID],
    });
    expect(errorsOf({ ...ZONES_SPEC, points: [] })).toEqual({ 'custom_rules.points': [t.CUSTOM_POINTS_ROWS] });
    expect(errorsOf({ ...ZONES_SPEC, points: [row('all'), row('CW')] })).toEqual({ 'custom_rules.points': [t.CUSTOM_POINTS_ROWS] });
    expect(errorsOf({ ...ZONES_SPEC, points: [row('CW'), row('CW')] })).toEqual({ 'custom_rules.points': [t.CUSTOM_POINTS_ROWS] });
    expect(errorsOf({ ...ZONES_SPEC, points: [row('CW')] })).toEqual({ 'custom_rules.points': [t.customPointsModeMissing('Phone')] });
    expect(errorsOf({ ...ZONES_SPEC, points: [row('CW'), row('PH'), row('DG')] })).toEqual({ 'custom_rules.points.2.modes': [t.customPointsModeUnused('Digital')] });
    expect(errorsOf({ ...ZONES_SPEC, points: [row('SSB')] })).toEqual({ 'custom_rules.points.0.modes': [t.CUSTOM_POINTS_MODES_INVALID] });
    expect(parseCustomRulesSpec({ ...ZONES_SPEC, modes: ['FM', 'PH'], points: [row('PH', 0)] }).ok).toBe(true);
  });

  it('takes points for some bands of the contest, before the row for the other bands, so every band has its points once', () => {
    const row = (modes: string, bands?: string[], points = 1) => ({ modes, ...(bands ? { bands } : {}), same_country: points, same_continent: points, other_continent: points });
    expect(parseCustomRulesSpec({ ...ZONES_SPEC, points: [row('CW', ['20m', '40m'], 3), row('CW'), row('PH')] })).toMatchObject({
      ok: true,
      value: { points: [{ modes: 'CW', bands: ['40m', '20m'], same_country: 3 }, { modes: 'CW' }, { modes: 'PH' }] },
    });
    expect(errorsOf({ ...ZONES_SPEC, points: [row('CW', ['30m']), row('CW', []), row('CW', ['80m']), row('CW'), row('PH')] })).toEqual({
      'custom_rules.points.0.bands': [t.CUSTOM_POINTS_BANDS_INVALID],
      'custom_rules.points.1.bands': [t.CUSTOM_POINTS_BANDS_INVALID],
      'custom_rules.points.2.bands': [t.CUSTOM_POINTS_BANDS_INVALID],
    });
    // The first row that fits counts: a later row may not give the same bands again.
    expect(errorsOf({ ...ZONES_SPEC, points: [row('CW', ['40m']), row('CW', ['40m', '20m']), row('CW'), row('PH')] })).toEqual({
      'custom_rules.points.1.bands': [t.customPointsBandsTaken(['40m'])],
    });
    expect(errorsOf({ ...ZONES_SPEC, points: [row('CW'), row('PH'), row('CW', ['20m'])] })).toEqual({ 'custom_rules.points.2.bands': [t.customPointsBandsTaken(['20m'])] });
    // Every band of every mode group gets points.
    expect(errorsOf({ ...ZONES_SPEC, points: [row('all', ['40m'])] })).toEqual({ 'custom_rules.points': [t.customPointsBandsMissing(['20m'], null)] });
    expect(errorsOf({ ...ZONES_SPEC, points: [row('CW'), row('PH', ['20m'])] })).toEqual({ 'custom_rules.points': [t.customPointsBandsMissing(['40m'], 'Phone')] });
    expect(parseCustomRulesSpec({ ...ZONES_SPEC, points: [row('all', ['40m'], 2), row('all', ['20m'])] }).ok).toBe(true);
    expect(errorsOf({ ...ZONES_SPEC, points: [row('all', ['40m']), row('CW'), row('PH')] })).toEqual({ 'custom_rules.points': [t.CUSTOM_POINTS_ROWS] });
    expect(errorsOf({ ...ZONES_SPEC, points: Array.from({ length: 37 }, () => row('CW', ['40m'])) })).toEqual({ 'custom_rules.points': [t.CUSTOM_POINTS_ROWS] });
  });

  it('takes an off time for single operators of 1 to 240 hours and breaks of 1 to 1440 minutes, or none', () => {
    expect(parseCustomRulesSpec({ ...ZONES_SPEC, off_time: { max_hours: ' 36 ', min_break_minutes: '60' } })).toMatchObject({ ok: true, value: { off_time: { max_hours: 36, min_break_minutes: 60 } } });
    const none = parseCustomRulesSpec({ ...ZONES_SPEC, off_time: null });
    expect(none.ok && none.value).not.toHaveProperty('off_time');
    expect(errorsOf({ ...ZONES_SPEC, off_time: { max_hours: 0, min_break_minutes: 1441 } })).toEqual({
      'custom_rules.off_time.max_hours': [t.CUSTOM_OFF_TIME_HOURS_INVALID],
      'custom_rules.off_time.min_break_minutes': [t.CUSTOM_OFF_TIME_BREAK_INVALID],
    });
    expect(errorsOf({ ...ZONES_SPEC, off_time: { max_hours: 241, min_break_minutes: 0.5 } })).toEqual({
      'custom_rules.off_time.max_hours': [t.CUSTOM_OFF_TIME_HOURS_INVALID],
      'custom_rules.off_time.min_break_minutes': [t.CUSTOM_OFF_TIME_BREAK_INVALID],
    });
    expect(errorsOf({ ...ZONES_SPEC, off_time: 36 })).toEqual({ 'custom_rules.off_time': [t.CUSTOM_OFF_TIME_INVALID] });
    expect(parseCustomRulesSpec({ ...ZONES_SPEC, off_time: { max_hours: 240, min_break_minutes: 1440 } }).ok).toBe(true);
    expect(parseCustomRulesSpec({ ...ZONES_SPEC, off_time: { max_hours: 1, min_break_minutes: 1 } }).ok).toBe(true);
  });

  it('takes only multipliers the scorer counts, each once, with the exchange field they are read from', () => {
    expect(errorsOf({ ...ZONES_SPEC, multipliers: [{ kind: 'hq', per: 'band' }, { kind: 'dxcc', per: 'year' }] })).toEqual({
      'custom_rules.multipliers.0.kind': [t.CUSTOM_MULTIPLIER_KIND_INVALID],
      'custom_rules.multipliers.1.per': [t.CUSTOM_SCOPE_INVALID],
    });
    expect(errorsOf({ ...ZONES_SPEC, multipliers: [{ kind: 'wpx', per: 'contest' }, { kind: 'wpx', per: 'band' }, { kind: 'section', per: 'band' }] })).toEqual({
      'custom_rules.multipliers.1.kind': [t.customMultiplierTwice('WPX prefixes')],
      'custom_rules.multipliers.2.kind': [t.customMultiplierNeedsField('Sections', 'Section')],
    });
    expect(errorsOf({ ...ZONES_SPEC, multipliers: 'dxcc' })).toEqual({ 'custom_rules.multipliers': [t.CUSTOM_MULTIPLIERS_INVALID] });
  });
});

describe('a contest with its own rules', () => {
  const base = { name: 'Zone Hunt 2026', starts_at: '2026-03-07T18:00:00Z', ends_at: '2026-03-07T20:00:00Z' };

  it("stores the spec with rules 'CUSTOM', keeps it on updates that leave it, and drops it with other rules", () => {
    expect(parseContestInput({ ...base, rules: 'custom' })).toEqual({ ok: false, errors: { custom_rules: [t.CUSTOM_RULES_REQUIRED] } });
    expect(parseContestInput({ ...base, rules: 'CUSTOM', custom_rules: { ...ZONES_SPEC, bands: [] } })).toEqual({ ok: false, errors: { 'custom_rules.bands': [t.CUSTOM_BANDS_INVALID] } });
    const created = parseContestInput({ ...base, rules: 'CUSTOM', custom_rules: ZONES_SPEC });
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    expect(created.value).toMatchObject({ rules: 'CUSTOM', customRules: ZONES_SPEC });
    expect(parseContestInput({ name: 'Renamed' }, created.value)).toMatchObject({ ok: true, value: { name: 'Renamed', customRules: ZONES_SPEC } });
    expect(parseContestInput({ custom_rules: { ...ZONES_SPEC, dupes: 'contest' } }, created.value)).toMatchObject({ ok: true, value: { customRules: { dupes: 'contest' } } });
    const builtIn = parseContestInput({ rules: 'CQ-WW-CW', custom_rules: ZONES_SPEC }, created.value);
    expect(builtIn.ok && builtIn.value).not.toHaveProperty('customRules');
    expect(builtIn).toMatchObject({ ok: true, value: { rules: 'CQ-WW-CW' } });
  });

  it('answers the spec with the contest, folds updates that drop it, and compares specs whatever their key order', () => {
    const parsed = parseContestInput({ ...base, rules: 'CUSTOM', custom_rules: ZONES_SPEC });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const definition = parsed.value;
    const contest: Contest = { ...definition, id: 'zone-hunt', organiserUserId: 'u1' };
    expect(contestSummary(contest, new Date(START)).custom_rules).toEqual(ZONES_SPEC);
    expect(contestSummary({ ...contest, rules: 'CQ-WW-CW', customRules: undefined }, new Date(START))).not.toHaveProperty('custom_rules');
    const reordered = JSON.parse(JSON.stringify(ZONES_SPEC, Object.keys(ZONES_SPEC).reverse().concat('kind', 'label', 'modes', 'same_country', 'same_continent', 'other_continent', 'per'))) as CustomRulesSpec;
    expect(sameContestDefinition(contest, { ...contest, customRules: reordered })).toBe(true);
    expect(sameContestDefinition(contest, { ...contest, customRules: { ...ZONES_SPEC, dupes: 'band' } })).toBe(false);

    const state = evolveContest(null, { type: 'ContestCreated', data: { contestId: 'zone-hunt', organiserUserId: 'u1', definition, at: '2026-01-01T00:00:00Z' } });
    expect(state?.contest.customRules).toEqual(ZONES_SPEC);
    const { customRules: _dropped, ...withoutSpec } = definition;
    const after = evolveContest(state, { type: 'ContestUpdated', data: { contestId: 'zone-hunt', definition: { ...withoutSpec, rules: 'CQ-WW-CW' }, at: '2026-01-02T00:00:00Z' } });
    expect(after?.contest).not.toHaveProperty('customRules');
    expect(after?.contest.rules).toBe('CQ-WW-CW');
  });

  it('finds every contest’s rules one way: built-in by name, its own spec, or none for the simple rules', () => {
    expect(contestRulesOf({ rules: '' })).toBeNull();
    expect(contestRulesOf({})).toBeNull();
    expect(contestRulesOf({ rules: 'CQ-WW-CW' })).toBe(CQ_WW_CW);
    expect(contestRulesOf({ rules: 'CUSTOM' })).toBeNull();
    expect(contestRulesOf({ rules: 'CUSTOM', customRules: ZONES_SPEC })).toEqual(rulesFromSpec(ZONES_SPEC));
  });
});
