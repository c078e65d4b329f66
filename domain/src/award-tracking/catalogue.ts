/**
 * The awards hams chase, as data: what each counts, which bands and modes it endorses, which
 * confirmations its desk accepts, and its rules in words. Pure (the client imports it); what a
 * QSO credits is in credits.ts, the counts in progress.ts.
 */
import type { ConfirmationService } from '../qso/confirmations';

export const TRACKED_AWARD_IDS = ['DXCC', 'WAS', 'WAC', 'WAZ', 'ITU', 'WPX', 'IOTA', 'POTA', 'POTA_ACT', 'SOTA', 'WWFF', 'VUCC', 'GRIDS'] as const;
export type TrackedAwardId = (typeof TRACKED_AWARD_IDS)[number];

/** The mode groups awards endorse ('' in a slot: every mode). */
export const AWARD_MODE_GROUPS = ['CW', 'PHONE', 'DATA'] as const;
export type AwardModeGroup = (typeof AWARD_MODE_GROUPS)[number];
export const AWARD_MODE_LABELS: Readonly<Record<AwardModeGroup, string>> = { CW: 'CW', PHONE: 'Phone', DATA: 'Digital' };

/** The band column of contacts made through a satellite (PROP_MODE SAT). */
export const SATELLITE_BAND = 'SAT';

/**
 * - band-mode: endorsed per band and per mode group;
 * - band: per band only (VUCC, grid squares);
 * - none: one list (references).
 */
export type AwardDimensions = 'band-mode' | 'band' | 'none';

/**
 * qsl: confirmed by a card or an online service the desk accepts; log: credited from the other
 * side's log upload (POTA, SOTA, WWFF), so a worked reference is credited; activation: our own
 * log's activations (POTA's 10 contacts).
 */
export type AwardCreditBasis = 'qsl' | 'log' | 'activation';

export interface TrackedAward {
  id: TrackedAwardId;
  name: string;
  sponsor: string;
  /** What one credit is, singular and plural: 'entity' / 'entities'. */
  unit: readonly [one: string, many: string];
  /** How many there are to work (DXCC: the current entities); null when open-ended. */
  total: number | null;
  /** The basic award's threshold (DXCC 100), shown on the card; null when the total is the goal. */
  goal: number | null;
  dimensions: AwardDimensions;
  /** The band columns of its grid, in order. */
  bands: readonly string[];
  basis: AwardCreditBasis;
  /** Confirmations the desk accepts: the default sources of the user's view. */
  accepted: readonly ConfirmationService[];
  rules: string;
}

const HF_6M = ['160m', '80m', '40m', '30m', '20m', '17m', '15m', '12m', '10m', '6m'] as const;
const HF_ALL = ['160m', '80m', '60m', '40m', '30m', '20m', '17m', '15m', '12m', '10m', '6m', '2m', SATELLITE_BAND] as const;
export const VUCC_BANDS = ['6m', '2m', '1.25m', '70cm', '33cm', '23cm', '13cm', '9cm', '6cm', '3cm', '1.25cm', '6mm', '4mm', '2.5mm', '2mm', '1mm', SATELLITE_BAND] as const;

/** ARRL's VUCC thresholds: grid squares needed per band. */
export const VUCC_THRESHOLDS: Readonly<Record<string, number>> = {
  '6m': 100, '2m': 100, '1.25m': 50, '70cm': 50, '33cm': 25, '23cm': 25, '13cm': 10, '9cm': 10, '6cm': 10, '3cm': 10,
  '1.25cm': 5, '6mm': 5, '4mm': 5, '2.5mm': 5, '2mm': 5, '1mm': 5, [SATELLITE_BAND]: 100,
};

/** The bands of ARRL's DXCC Challenge: band-entities on 160 to 6 m. */
export const DXCC_CHALLENGE_BANDS: readonly string[] = HF_6M;

/** POTA: an activation is a park on one UTC day with at least this many contacts. */
export const POTA_ACTIVATION_QSOS = 10;

const LOTW_AND_CARDS: readonly ConfirmationService[] = ['lotw', 'paper'];

export const TRACKED_AWARDS: readonly TrackedAward[] = [
  {
    id: 'DXCC', name: 'DXCC', sponsor: 'ARRL', unit: ['entity', 'entities'], total: 340, goal: 100, dimensions: 'band-mode',
    bands: [...HF_6M, '2m', SATELLITE_BAND], basis: 'qsl', accepted: LOTW_AND_CARDS,
    rules: 'Current DXCC entities worked and confirmed by LoTW or a QSL card, mixed, phone, CW, digital and per band (160 m to 6 m, 2 m, satellite). The Challenge counts band-entities on 160 to 6 m. Deleted entities count only in the total that includes them. Contacts through repeaters or the internet are not credited.',
  },
  {
    id: 'WAS', name: 'Worked All States', sponsor: 'ARRL', unit: ['state', 'states'], total: 50, goal: null, dimensions: 'band-mode',
    bands: HF_ALL, basis: 'qsl', accepted: LOTW_AND_CARDS,
    rules: 'The 50 US states, from the STATE of contacts with the USA, Alaska and Hawaii, confirmed by LoTW or a QSL card. DC counts as Maryland.',
  },
  {
    id: 'WAC', name: 'Worked All Continents', sponsor: 'IARU', unit: ['continent', 'continents'], total: 6, goal: null, dimensions: 'band-mode',
    bands: HF_ALL, basis: 'qsl', accepted: LOTW_AND_CARDS,
    rules: 'The six continents (Antarctica is not needed), confirmed by LoTW or a QSL card.',
  },
  {
    id: 'WAZ', name: 'Worked All Zones', sponsor: 'CQ', unit: ['zone', 'zones'], total: 40, goal: null, dimensions: 'band-mode',
    bands: HF_ALL, basis: 'qsl', accepted: LOTW_AND_CARDS,
    rules: 'The 40 CQ zones, from the contact’s CQ zone or else its DXCC entity’s, confirmed by LoTW or a QSL card.',
  },
  {
    id: 'ITU', name: 'ITU zones', sponsor: 'ITU zones', unit: ['zone', 'zones'], total: 90, goal: null, dimensions: 'band-mode',
    bands: HF_ALL, basis: 'qsl', accepted: LOTW_AND_CARDS,
    rules: 'The 90 ITU zones, from the contact’s ITU zone or else its DXCC entity’s, confirmed by LoTW or a QSL card.',
  },
  {
    id: 'WPX', name: 'WPX', sponsor: 'CQ', unit: ['prefix', 'prefixes'], total: null, goal: 300, dimensions: 'band-mode',
    bands: HF_ALL, basis: 'qsl', accepted: ['lotw', 'paper', 'eqsl'],
    rules: 'Prefixes by the CQ WPX rules (portable designators and suffixes as the contest counts them), confirmed by LoTW, eQSL or a QSL card. The basic award is 300 prefixes.',
  },
  {
    id: 'IOTA', name: 'Islands on the Air', sponsor: 'IOTA', unit: ['island group', 'island groups'], total: null, goal: 100, dimensions: 'none',
    bands: [], basis: 'qsl', accepted: ['lotw', 'paper', 'clublog'],
    rules: 'IOTA groups from the contact’s IOTA reference, confirmed by a QSL card, LoTW or a Club Log match. The basic award is 100 groups.',
  },
  {
    id: 'POTA', name: 'POTA parks hunted', sponsor: 'Parks on the Air', unit: ['park', 'parks'], total: null, goal: 10, dimensions: 'none',
    bands: [], basis: 'log', accepted: [],
    rules: 'Parks worked, from POTA_REF. POTA credits hunters from the activators’ logs: no QSL is needed.',
  },
  {
    id: 'POTA_ACT', name: 'POTA activations', sponsor: 'Parks on the Air', unit: ['activation', 'activations'], total: null, goal: 10, dimensions: 'none',
    bands: [], basis: 'activation', accepted: [],
    rules: 'Your activations, from MY_POTA_REF: a park on one UTC day counts once it has 10 contacts.',
  },
  {
    id: 'SOTA', name: 'SOTA summits chased', sponsor: 'Summits on the Air', unit: ['summit', 'summits'], total: null, goal: null, dimensions: 'none',
    bands: [], basis: 'log', accepted: [],
    rules: 'Summits worked, from SOTA_REF. SOTA credits chasers from their own uploaded log: no QSL is needed. Chaser points: each summit’s points once per UTC day, from SOTA’s summit list when this server holds it.',
  },
  {
    id: 'WWFF', name: 'WWFF references hunted', sponsor: 'WWFF', unit: ['reference', 'references'], total: null, goal: 44, dimensions: 'none',
    bands: [], basis: 'log', accepted: [],
    rules: 'WWFF references worked, from WWFF_REF. WWFF credits hunters from the activators’ logs: no QSL is needed.',
  },
  {
    id: 'VUCC', name: 'VUCC', sponsor: 'ARRL', unit: ['grid square', 'grid squares'], total: null, goal: 100, dimensions: 'band',
    bands: VUCC_BANDS, basis: 'qsl', accepted: LOTW_AND_CARDS,
    rules: 'Four-character grid squares per band from 6 m up and by satellite, from GRIDSQUARE and VUCC_GRIDS (a station on a line or corner counts for each square), confirmed by LoTW or a QSL card. 6 m, 2 m and satellite need 100, 1.25 m and 70 cm 50, 33 cm and 23 cm 25, 13 cm to 3 cm 10, higher bands 5.',
  },
  {
    id: 'GRIDS', name: 'Grid squares', sponsor: 'HamLog', unit: ['grid square', 'grid squares'], total: 32400, goal: null, dimensions: 'band',
    bands: HF_ALL, basis: 'qsl', accepted: ['lotw', 'paper', 'eqsl', 'qrz'],
    rules: 'Four-character grid squares on every band, from GRIDSQUARE and VUCC_GRIDS, confirmed by LoTW, eQSL, QRZ Logbook or a QSL card.',
  },
];

const BY_ID = new Map<string, TrackedAward>(TRACKED_AWARDS.map((award) => [award.id, award]));

export function trackedAward(id: string): TrackedAward | undefined {
  return BY_ID.get(id.toUpperCase());
}

/** Whether a QSO's confirmations can credit it at all (log-based awards credit what was worked). */
export function needsConfirmation(award: TrackedAward): boolean {
  return award.basis === 'qsl';
}
