/**
 * The award tracker's calls (all GET, a signed-in station's own log unless `callsign` names a
 * station that shows its progress publicly):
 * - /awards/progress: a card per award;
 * - /awards/progress/{award}: the award's grid (a row per value, a column per band);
 * - /awards/progress/{award}/map: every value with its state, for the maps;
 * - /awards/progress/{award}/needed: worked but not confirmed, with the QSOs that would count;
 * - /awards/progress/{award}/credits.csv: the credited list.
 * `sources=lotw,paper` chooses which confirmations count (default: what the award's desk accepts).
 */
import type { ConfirmationService, ConfirmationState } from '../qso/confirmations';
import type { AwardCreditBasis, AwardDimensions, AwardModeGroup, TrackedAwardId } from './catalogue';

export const AWARD_PROGRESS_PATHS = {
  cards: '/awards/progress',
  award: (id: string) => `/awards/progress/${encodeURIComponent(id)}`,
  map: (id: string) => `/awards/progress/${encodeURIComponent(id)}/map`,
  needed: (id: string) => `/awards/progress/${encodeURIComponent(id)}/needed`,
  csv: (id: string) => `/awards/progress/${encodeURIComponent(id)}/credits.csv`,
} as const;

/** The most rows one page of an award's grid holds. */
export const AWARD_PAGE_LIMIT = 500;
/** The most values the needed list shows, each with at most NEEDED_QSOS_PER_VALUE QSOs. */
export const NEEDED_VALUES_LIMIT = 200;
export const NEEDED_QSOS_PER_VALUE = 5;

/** A worked/confirmed count, with its goal where the award has one. */
export interface AwardTally {
  /** What is counted: 'Mixed', 'CW', '20m', 'Challenge (band-entities)', 'Including deleted'. */
  label: string;
  worked: number;
  confirmed: number;
  goal: number | null;
}

export interface AwardCard {
  id: TrackedAwardId;
  name: string;
  sponsor: string;
  unit: readonly [string, string];
  total: number | null;
  goal: number | null;
  dimensions: AwardDimensions;
  basis: AwardCreditBasis;
  rules: string;
  /** The services the award's desk accepts, and the ones this answer counts. */
  accepted: ConfirmationService[];
  sources: ConfirmationService[];
  worked: number;
  /** Log-based awards: what was worked is credited. */
  confirmed: number;
  /** Mode groups, bands and the award's own extra totals (DXCC Challenge, deleted entities, POTA parks activated). */
  tallies: AwardTally[];
}

export interface AwardCardsAnswer {
  callsign: string;
  cards: AwardCard[];
}

/** C: confirmed, W: worked, not confirmed. */
export type AwardCellState = 'C' | 'W';
export type AwardValueState = 'confirmed' | 'worked' | 'needed';

export interface AwardRow {
  value: string;
  label: string;
  /** A second line: the entity's prefix and continent, a deleted entity's mark. */
  note: string;
  state: AwardValueState;
  qsos: number;
  confirmed_by: Partial<Record<ConfirmationService, number>>;
  /** Why the value is or is not credited, in words. */
  why: string;
  /** Per band column that has QSOs. */
  cells: Record<string, AwardCellState>;
}

export interface AwardColumn {
  band: string;
  worked: number;
  confirmed: number;
  /** VUCC's squares needed on this band. */
  goal: number | null;
}

export interface AwardExcluded {
  reason: string;
  text: string;
  qsos: number;
}

export interface AwardPageAnswer {
  callsign: string;
  card: AwardCard;
  /** '' for every mode. */
  mode: '' | AwardModeGroup;
  /** Which rows: every value the award has (known lists), or only worked, confirmed or needed ones. */
  status: AwardValueState | '';
  columns: AwardColumn[];
  rows: AwardRow[];
  total_rows: number;
  offset: number;
  limit: number;
  excluded: AwardExcluded[];
}

/** A value with a position to draw (entities: cty.dat's), and its name. */
export interface AwardMapPlace {
  value: string;
  label: string;
  lat: number;
  lon: number;
}

/**
 * The values in each state, in value order (every value of an award with a known list; the
 * worked ones of an open-ended award such as the grid squares, which say themselves where they
 * are), and the positions and names of those that have one: a grid-square map of 30,000 squares
 * stays a few bytes a square.
 */
export interface AwardMapAnswer {
  card: AwardCard;
  band: string;
  states: Record<AwardValueState, string[]>;
  places: AwardMapPlace[];
}

export interface NeededQsoService {
  service: ConfirmationService;
  state: ConfirmationState;
  /** What the user can do: 'Uploaded to LoTW on 2026-11-02: waiting for the other station'. */
  text: string;
}

export interface NeededQso {
  qdo_id: string;
  ts: string;
  call: string;
  band: string;
  mode: string;
  services: NeededQsoService[];
}

export interface NeededValue {
  value: string;
  label: string;
  qsos: NeededQso[];
}

export interface AwardNeededAnswer {
  card: AwardCard;
  band: string;
  mode: '' | AwardModeGroup;
  values: NeededValue[];
  total_values: number;
}
