/**
 * A real contest's rules as data (issue 23): what is exchanged, how many points a contact is worth
 * by where the two stations are, what multiplies, what is a duplicate, the categories and the
 * off-time rule. The built-in contests (built-in-rules.ts) and an organiser's own are the same
 * pieces; one scorer (scorer.ts) scores them all.
 */

/** Cabrillo 3.0's modes: CW, phone (PH; FM apart), RTTY (RY), other digital (DG). */
export type CabrilloMode = 'CW' | 'PH' | 'FM' | 'RY' | 'DG';
export const CABRILLO_MODES = ['CW', 'PH', 'FM', 'RY', 'DG'] as const satisfies readonly CabrilloMode[];

/** The mode groups rules speak of: CW, phone (PH and FM), digital (RY and DG). */
export type ContestModeGroup = 'CW' | 'PH' | 'DG';

export function modeGroupOf(mode: CabrilloMode): ContestModeGroup {
  return mode === 'CW' ? 'CW' : mode === 'PH' || mode === 'FM' ? 'PH' : 'DG';
}

/**
 * What an exchange field holds. 'itu-zone' may be a society's abbreviation when `hq` is set (IARU
 * HF: headquarters stations send it instead of their zone).
 */
export type ExchangeKind = 'rst' | 'serial' | 'cq-zone' | 'itu-zone' | 'state-province' | 'name' | 'power' | 'grid' | 'class' | 'section' | 'text';
export const EXCHANGE_KINDS = ['rst', 'serial', 'cq-zone', 'itu-zone', 'state-province', 'name', 'power', 'grid', 'class', 'section', 'text'] as const satisfies readonly ExchangeKind[];

export interface ExchangeField {
  /** Names the value in an entry's `sent` and `received` (unique within a contest). */
  id: string;
  kind: ExchangeKind;
  /** What the logger's box says. */
  label: string;
  /** 'itu-zone' only: a headquarters station's society abbreviation is accepted instead of a zone. */
  hq?: boolean;
}

/**
 * Which stations a rule is about: any, W/VE (the USA and Canada, as ARRL DX counts them: not Alaska
 * or Hawaii) or DX (everyone else).
 */
export type StationGroup = 'any' | 'w-ve' | 'dx';

/** What a station sends, by the group of the station sending it: the first variant whose group matches. */
export interface ExchangeVariant {
  from: StationGroup;
  fields: readonly ExchangeField[];
}

/**
 * Where the worked station is relative to the station scoring: in the same DXCC entity, another
 * entity on the same continent, another continent; 'same-itu-zone' compares the exchanged ITU zones.
 */
export type Relation = 'same-country' | 'same-continent' | 'other-continent' | 'same-itu-zone';

/** A points rule: every condition given must hold; the first rule that matches gives the contact's points. */
export interface PointRule {
  relation?: Relation;
  /** ADIF band names ('160m', '80m' ...). */
  bands?: readonly string[];
  modes?: readonly ContestModeGroup[];
  /** Both stations on this continent (CQ's North American exception: 'NA'). */
  bothOn?: string;
  /** The worked station sent a headquarters abbreviation (IARU HF). */
  otherIsHq?: boolean;
  points: number;
}

/**
 * What can multiply: DXCC entities, CQ's country list (DXCC plus WAE), CQ and ITU zones (from the
 * exchange, else the call's entity), headquarters stations, states and provinces, WPX prefixes,
 * Maidenhead fields (the grid's first two letters), ARRL/RAC sections.
 */
export type MultiplierKind = 'dxcc' | 'cq-country' | 'cq-zone' | 'itu-zone' | 'hq' | 'state-province' | 'wpx' | 'grid-field' | 'section';
export const MULTIPLIER_KINDS = ['dxcc', 'cq-country', 'cq-zone', 'itu-zone', 'hq', 'state-province', 'wpx', 'grid-field', 'section'] as const satisfies readonly MultiplierKind[];

export interface MultiplierRule {
  kind: MultiplierKind;
  /** Once per band, once per band and mode, or once in the contest. */
  per: 'band' | 'band-mode' | 'contest';
  /** Counted only by stations of this group (ARRL DX: W/VE count entities, DX count states and provinces). */
  by?: StationGroup;
  /** Only these values count (ARRL DX's 48 states, DC and the provinces); absent: any. */
  values?: readonly string[];
  /** The scoreboard's name for it ('Zones', 'Countries'). */
  label: string;
}

/** A call counts once per band, per band and mode, or once in the contest. */
export type DupeScope = 'band' | 'band-mode' | 'contest';

/** Cabrillo 3.0's category values a contest accepts, per category. */
export interface ContestCategories {
  operator: readonly string[];
  assisted: readonly string[];
  band: readonly string[];
  power: readonly string[];
  mode: readonly string[];
  transmitter: readonly string[];
  overlay: readonly string[];
}

/** A station's category, Cabrillo's values ('SINGLE-OP', 'LOW' ...); empty where the contest has none. */
export interface StationCategory {
  operator: string;
  assisted: string;
  band: string;
  power: string;
  mode: string;
  transmitter: string;
  overlay: string;
}

/**
 * Single operators may operate at most `maxHours` of the contest; a pause counts as off time only
 * when it is at least `minBreakMinutes` long. Contacts past the limit do not count.
 */
export interface OffTimeRule {
  /** The categories' operator value this applies to ('SINGLE-OP'); and, when set, only this overlay. */
  operator: string;
  overlay?: string;
  maxHours: number;
  minBreakMinutes: number;
}

export interface ContestRules {
  /** Cabrillo's CONTEST: value ('CQ-WW-CW'); also the rules' id. */
  cabrilloName: string;
  name: string;
  modes: readonly CabrilloMode[];
  bands: readonly string[];
  exchange: readonly ExchangeVariant[];
  /** 'w-ve-with-dx': only contacts between a W/VE station and a DX station count (ARRL DX). */
  whoMayWork: 'anyone' | 'w-ve-with-dx';
  points: readonly PointRule[];
  multipliers: readonly MultiplierRule[];
  dupes: DupeScope;
  /** Score = points × this when the contest has no multipliers (ARRL Field Day's power multiplier), by power category. */
  powerMultiplier?: Readonly<Record<string, number>>;
  categories: ContestCategories;
  offTime?: readonly OffTimeRule[];
}

/** A contact as a contest log holds it; `sent` and `received` by exchange field id. */
export interface ContestEntry {
  /** The contact's id in its log (a QSO id, a Cabrillo line number). */
  id: string;
  /** UTC, milliseconds. */
  at: number;
  /** ADIF band name ('20m'). */
  band: string;
  mode: CabrilloMode;
  /** What the log says, when it says it. */
  freqKhz?: number;
  /** The station worked, as logged. */
  call: string;
  sent: Readonly<Record<string, string>>;
  received: Readonly<Record<string, string>>;
  /** Cabrillo's transmitter id (multi-two), when given. */
  transmitter?: number;
}
