/**
 * The contests the product knows out of the box, as data: CQ WW DX (CW, SSB), CQ WPX (CW, SSB),
 * ARRL International DX (CW, SSB), IARU HF Championship, ARRL Field Day and a simple club sprint.
 * Each follows its sponsor's published rules for exchange, QSO points, multipliers, duplicates,
 * categories and off time; what a log checker adds afterwards (penalties for bad contacts) is not
 * here: a checked score simply leaves those contacts out (cross-check.ts).
 */
import type { ContestCategories, ContestRules, ExchangeField, PointRule } from './rules';

const CONTEST_BANDS = ['160m', '80m', '40m', '20m', '15m', '10m'] as const;
const LOW_BANDS = ['160m', '80m', '40m'] as const;
const HIGH_BANDS = ['20m', '15m', '10m'] as const;

const RST: ExchangeField = { id: 'rst', kind: 'rst', label: 'RST' };
const SERIAL: ExchangeField = { id: 'serial', kind: 'serial', label: 'Nr' };
const CQ_ZONE: ExchangeField = { id: 'zone', kind: 'cq-zone', label: 'Zone' };

const SINGLE_AND_MULTI = ['SINGLE-OP', 'MULTI-OP', 'CHECKLOG'] as const;
const ASSISTED = ['ASSISTED', 'NON-ASSISTED'] as const;
const POWER = ['HIGH', 'LOW', 'QRP'] as const;
const TRANSMITTERS = ['ONE', 'TWO', 'LIMITED', 'UNLIMITED', 'SWL'] as const;

/** Cabrillo's usual category lists (operator, assisted, power, transmitter) with a contest's modes, overlays and bands. */
export function contestCategories(mode: readonly string[], overlay: readonly string[] = [], band: readonly string[] = ['ALL', '160M', '80M', '40M', '20M', '15M', '10M']): ContestCategories {
  return { operator: SINGLE_AND_MULTI, assisted: ASSISTED, band, power: POWER, mode, transmitter: TRANSMITTERS, overlay };
}

/** CQ WW DX: 0 points in one's own country, 1 on one's continent (2 between North Americans), 3 between continents. */
const CQ_WW_POINTS: readonly PointRule[] = [
  { relation: 'same-country', points: 0 },
  { relation: 'same-continent', bothOn: 'NA', points: 2 },
  { relation: 'same-continent', points: 1 },
  { relation: 'other-continent', points: 3 },
];

function cqWw(mode: 'CW' | 'SSB'): ContestRules {
  return {
    cabrilloName: `CQ-WW-${mode}`,
    name: `CQ World Wide DX Contest ${mode}`,
    modes: [mode === 'CW' ? 'CW' : 'PH'],
    bands: CONTEST_BANDS,
    exchange: [{ from: 'any', fields: [RST, CQ_ZONE] }],
    whoMayWork: 'anyone',
    points: CQ_WW_POINTS,
    multipliers: [
      { kind: 'cq-zone', per: 'band', label: 'Zones' },
      { kind: 'cq-country', per: 'band', label: 'Countries' },
    ],
    dupes: 'band',
    categories: contestCategories([mode], ['CLASSIC', 'ROOKIE', 'YOUTH', 'EXPLORER']),
    // Classic overlay single operators: 24 of the 48 hours, in off times of at least 60 minutes.
    offTime: [{ operator: 'SINGLE-OP', overlay: 'CLASSIC', maxHours: 24, minBreakMinutes: 60 }],
  };
}

/**
 * CQ WPX: 1 point in one's own country; on one's continent 1 (20-10 m) or 2 (160-40 m), between
 * North Americans 2 or 4; between continents 3 or 6. Each prefix multiplies once in the contest.
 */
function cqWpx(mode: 'CW' | 'SSB'): ContestRules {
  return {
    cabrilloName: `CQ-WPX-${mode}`,
    name: `CQ WW WPX Contest ${mode}`,
    modes: [mode === 'CW' ? 'CW' : 'PH'],
    bands: CONTEST_BANDS,
    exchange: [{ from: 'any', fields: [RST, SERIAL] }],
    whoMayWork: 'anyone',
    points: [
      { relation: 'same-country', points: 1 },
      { relation: 'same-continent', bothOn: 'NA', bands: HIGH_BANDS, points: 2 },
      { relation: 'same-continent', bothOn: 'NA', bands: LOW_BANDS, points: 4 },
      { relation: 'same-continent', bands: HIGH_BANDS, points: 1 },
      { relation: 'same-continent', bands: LOW_BANDS, points: 2 },
      { relation: 'other-continent', bands: HIGH_BANDS, points: 3 },
      { relation: 'other-continent', bands: LOW_BANDS, points: 6 },
    ],
    multipliers: [{ kind: 'wpx', per: 'contest', label: 'Prefixes' }],
    dupes: 'band',
    categories: contestCategories([mode], ['CLASSIC', 'ROOKIE', 'TB-WIRES', 'YOUTH']),
    // Single operators: 36 of the 48 hours; off times at least 60 minutes.
    offTime: [{ operator: 'SINGLE-OP', maxHours: 36, minBreakMinutes: 60 }],
  };
}

/** ARRL DX's multipliers for DX stations: the 48 contiguous states, DC, and the Canadian provinces and territories. */
export const ARRL_DX_STATES_PROVINCES: readonly string[] = [
  ...'AL AZ AR CA CO CT DE FL GA ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC'.split(' '),
  ...'NB NS QC ON MB SK AB BC NL PE YT NT NU'.split(' '),
];

/** ARRL International DX: W/VE work DX only; W/VE send their state or province, DX their power. */
function arrlDx(mode: 'CW' | 'SSB'): ContestRules {
  return {
    cabrilloName: `ARRL-DX-${mode}`,
    name: `ARRL International DX Contest ${mode}`,
    modes: [mode === 'CW' ? 'CW' : 'PH'],
    bands: CONTEST_BANDS,
    exchange: [
      { from: 'w-ve', fields: [RST, { id: 'state', kind: 'state-province', label: 'State/Prov' }] },
      { from: 'dx', fields: [RST, { id: 'power', kind: 'power', label: 'Power' }] },
    ],
    whoMayWork: 'w-ve-with-dx',
    points: [{ points: 3 }],
    multipliers: [
      { kind: 'dxcc', per: 'band', by: 'w-ve', label: 'DXCC entities' },
      { kind: 'state-province', per: 'band', by: 'dx', values: ARRL_DX_STATES_PROVINCES, label: 'States and provinces' },
    ],
    dupes: 'band',
    categories: { ...contestCategories([mode]), overlay: [] },
  };
}

/**
 * IARU HF Championship: RST and ITU zone (headquarters stations send their society). 1 point in
 * one's own zone or with a headquarters station, 3 on one's continent, 5 between continents.
 */
export const IARU_HF: ContestRules = {
  cabrilloName: 'IARU-HF',
  name: 'IARU HF World Championship',
  modes: ['CW', 'PH'],
  bands: CONTEST_BANDS,
  exchange: [{ from: 'any', fields: [RST, { id: 'zone', kind: 'itu-zone', label: 'ITU zone', hq: true }] }],
  whoMayWork: 'anyone',
  points: [
    { otherIsHq: true, points: 1 },
    { relation: 'same-itu-zone', points: 1 },
    { relation: 'same-country', points: 3 },
    { relation: 'same-continent', points: 3 },
    { relation: 'other-continent', points: 5 },
  ],
  multipliers: [
    { kind: 'itu-zone', per: 'band', label: 'ITU zones' },
    { kind: 'hq', per: 'band', label: 'HQ stations' },
  ],
  dupes: 'band-mode',
  categories: contestCategories(['CW', 'SSB', 'MIXED']),
};

/**
 * ARRL Field Day: class and ARRL/RAC section (DX sends 'DX'); 1 point a phone contact, 2 a CW or
 * digital one; no multipliers, the score is the points times the power multiplier (QRP on
 * batteries 5, up to 100 W 2, more 1). Bonus points are claimed apart and not counted here.
 */
export const ARRL_FIELD_DAY: ContestRules = {
  cabrilloName: 'ARRL-FD',
  name: 'ARRL Field Day',
  modes: ['CW', 'PH', 'FM', 'RY', 'DG'],
  bands: ['160m', '80m', '40m', '20m', '15m', '10m', '6m', '2m', '1.25m', '70cm'],
  exchange: [
    {
      from: 'any',
      fields: [
        { id: 'class', kind: 'class', label: 'Class' },
        { id: 'section', kind: 'section', label: 'Section' },
      ],
    },
  ],
  whoMayWork: 'anyone',
  points: [{ modes: ['PH'], points: 1 }, { points: 2 }],
  multipliers: [],
  dupes: 'band-mode',
  powerMultiplier: { QRP: 5, LOW: 2, HIGH: 1 },
  categories: contestCategories(['CW', 'SSB', 'DIGI', 'MIXED'], [], ['ALL']),
};

/** A club sprint: RST and serial number, 1 point a contact, each DXCC entity multiplies once. */
export const CLUB_SPRINT: ContestRules = {
  cabrilloName: 'HAMLOG-SPRINT',
  name: 'HamLog Club Sprint',
  modes: ['CW', 'PH'],
  bands: ['80m', '40m', '20m', '15m', '10m'],
  exchange: [{ from: 'any', fields: [RST, SERIAL] }],
  whoMayWork: 'anyone',
  points: [{ points: 1 }],
  multipliers: [{ kind: 'dxcc', per: 'contest', label: 'DXCC entities' }],
  dupes: 'band',
  categories: contestCategories(['CW', 'SSB', 'MIXED'], [], ['ALL']),
};

export const CQ_WW_CW = cqWw('CW');
export const CQ_WW_SSB = cqWw('SSB');
export const CQ_WPX_CW = cqWpx('CW');
export const CQ_WPX_SSB = cqWpx('SSB');
export const ARRL_DX_CW = arrlDx('CW');
export const ARRL_DX_SSB = arrlDx('SSB');

export const BUILT_IN_RULES: readonly ContestRules[] = [CQ_WW_CW, CQ_WW_SSB, CQ_WPX_CW, CQ_WPX_SSB, ARRL_DX_CW, ARRL_DX_SSB, IARU_HF, ARRL_FIELD_DAY, CLUB_SPRINT];

/** The built-in rules by Cabrillo's CONTEST: name, or null. */
export function builtInRules(cabrilloName: string): ContestRules | null {
  const name = cabrilloName.trim().toUpperCase();
  return BUILT_IN_RULES.find((rules) => rules.cabrilloName === name) ?? null;
}
