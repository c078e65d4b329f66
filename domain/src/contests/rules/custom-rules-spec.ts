/**
 * An organiser's own contest rules, built from the pieces in the organiser page (issue 23): the
 * serialisable spec a contest stores (`ContestDefinition.customRules`, with `rules: 'CUSTOM'`) and
 * the API sends and answers as `custom_rules`. Only what the scorer scores: one exchange for every
 * station, points by relation (optionally per mode group and per band), multipliers with their
 * scope, the dupe rule, bands and modes, and single operators' off time. Client-safe: no DXCC data
 * (the web form imports it).
 */
import type { CabrilloMode, ContestModeGroup, DupeScope, ExchangeKind, MultiplierKind } from './rules';

/** `ContestDefinition.rules` of a contest scored by its own spec. */
export const CUSTOM_RULES = 'CUSTOM';

/** The multipliers an organiser may choose (CQ's WAE countries and IARU's HQ stations are the built-in rules' own). */
export type CustomMultiplierKind = Extract<MultiplierKind, 'dxcc' | 'cq-zone' | 'itu-zone' | 'state-province' | 'wpx' | 'grid-field' | 'section'>;
export const CUSTOM_MULTIPLIER_KINDS = ['dxcc', 'cq-zone', 'itu-zone', 'state-province', 'wpx', 'grid-field', 'section'] as const satisfies readonly CustomMultiplierKind[];

/** Once per band, once per band and mode, or once in the contest (multipliers and dupes alike). */
export const RULE_SCOPES = ['band', 'band-mode', 'contest'] as const satisfies readonly DupeScope[];

/** 'all': one set of points for every mode; else the mode group a row is for. */
export type PointsModes = 'all' | ContestModeGroup;
export const POINTS_MODES = ['all', 'CW', 'PH', 'DG'] as const satisfies readonly PointsModes[];

export interface CustomExchangeField {
  kind: ExchangeKind;
  /** What the logger's box says ('Nr'). */
  label: string;
}

/**
 * Points of a contact by where the worked station is: its own country, another on its continent,
 * another continent. Rows are tried in order, as the built-in point rules are: the first for the
 * contact's mode group (or every mode) and band gives its points.
 */
export interface CustomPoints {
  modes: PointsModes;
  /** Only contacts on these bands (some of the spec's, in its order); absent: every band. */
  bands?: string[];
  same_country: number;
  same_continent: number;
  other_continent: number;
}

/** The points of a row by relation (a CustomPoints without its modes and bands). */
export type CustomPointsRelation = 'same_country' | 'same_continent' | 'other_continent';

/**
 * Single operators may be on the air at most `max_hours`; a pause counts as off time only when it
 * lasts at least `min_break_minutes` (rules.ts's OffTimeRule for the SINGLE-OP category).
 */
export interface CustomOffTime {
  max_hours: number;
  min_break_minutes: number;
}

export interface CustomMultiplier {
  kind: CustomMultiplierKind;
  per: DupeScope;
}

export interface CustomRulesSpec {
  name: string;
  /** Cabrillo's CONTEST: value the exported logs carry ('CLUB-SPRINT'). */
  cabrillo_name: string;
  /** ADIF band names, in CUSTOM_BANDS' order. */
  bands: string[];
  /** Cabrillo's modes, in CABRILLO_MODES' order. */
  modes: CabrilloMode[];
  /** In the order the stations send them; each kind at most once. */
  exchange: CustomExchangeField[];
  /** For every mode, or per mode group of the contest's modes; each with rows for some bands before the one without bands. */
  points: CustomPoints[];
  multipliers: CustomMultiplier[];
  dupes: DupeScope;
  /** Absent: no limit (specs stored before it have none). */
  off_time?: CustomOffTime;
}

/** The bands a contest may use: the contest bands of HF (no WARC bands) and the VHF/UHF ones with Cabrillo categories. */
export const CUSTOM_BANDS = ['160m', '80m', '40m', '20m', '15m', '10m', '6m', '4m', '2m', '1.25m', '70cm', '23cm'] as const;
/** Cabrillo's CATEGORY-BAND value of each band. */
export const CABRILLO_BAND_CATEGORY: Readonly<Record<(typeof CUSTOM_BANDS)[number], string>> = {
  '160m': '160M', '80m': '80M', '40m': '40M', '20m': '20M', '15m': '15M', '10m': '10M',
  '6m': '6M', '4m': '4M', '2m': '2M', '1.25m': '222', '70cm': '432', '23cm': '1.2G',
};

export const CUSTOM_NAME_MAX = 40;
export const CUSTOM_LABEL_MAX = 20;
export const CUSTOM_MAX_EXCHANGE = 8;
export const CUSTOM_MAX_POINTS = 100;
/** Every band apart for each mode group. */
export const CUSTOM_MAX_POINTS_ROWS = CUSTOM_BANDS.length * (POINTS_MODES.length - 1);
export const CUSTOM_OFF_TIME_MAX_HOURS = 240;
export const CUSTOM_OFF_TIME_MAX_BREAK_MINUTES = 1440;

export const EXCHANGE_KIND_LABELS: Readonly<Record<ExchangeKind, string>> = {
  rst: 'RST',
  serial: 'Nr',
  'cq-zone': 'CQ zone',
  'itu-zone': 'ITU zone',
  'state-province': 'State/Prov',
  name: 'Name',
  power: 'Power',
  grid: 'Grid',
  class: 'Class',
  section: 'Section',
  text: 'Exchange',
};

export const MULTIPLIER_KIND_LABELS: Readonly<Record<CustomMultiplierKind, string>> = {
  dxcc: 'DXCC entities',
  'cq-zone': 'CQ zones',
  'itu-zone': 'ITU zones',
  'state-province': 'States and provinces',
  wpx: 'WPX prefixes',
  'grid-field': 'Grid fields',
  section: 'Sections',
};

export const MODE_LABELS: Readonly<Record<CabrilloMode, string>> = { CW: 'CW', PH: 'Phone (SSB)', FM: 'FM', RY: 'RTTY', DG: 'Digital' };
export const MODE_GROUP_LABELS: Readonly<Record<PointsModes, string>> = { all: 'Every mode', CW: 'CW', PH: 'Phone', DG: 'Digital' };
export const SCOPE_LABELS: Readonly<Record<DupeScope, string>> = { band: 'Per band', 'band-mode': 'Per band and mode', contest: 'Once per contest' };

/** Multipliers read from a received exchange field: they need that field in the exchange. */
export const MULTIPLIER_NEEDS_FIELD: Readonly<Partial<Record<CustomMultiplierKind, ExchangeKind>>> = {
  'state-province': 'state-province',
  'grid-field': 'grid',
  section: 'section',
};

/** A new spec in the form: a club sprint's (RST and serial, 1 point, DXCC once per contest, dupes per band). */
export function newCustomRulesSpec(): CustomRulesSpec {
  return {
    name: '',
    cabrillo_name: '',
    bands: ['80m', '40m', '20m', '15m', '10m'],
    modes: ['CW', 'PH'],
    exchange: [
      { kind: 'rst', label: EXCHANGE_KIND_LABELS.rst },
      { kind: 'serial', label: EXCHANGE_KIND_LABELS.serial },
    ],
    points: [{ modes: 'all', same_country: 1, same_continent: 1, other_continent: 1 }],
    multipliers: [{ kind: 'dxcc', per: 'contest' }],
    dupes: 'band',
  };
}

/** The same JSON whatever the order of object keys (a spec read back from a jsonb column has its own order). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).filter((key) => record[key] !== undefined).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
