/**
 * What one QSO credits toward each tracked award: keys 'AWARD|value' ('DXCC|339', 'WAS|CA',
 * 'VUCC|FN31'), and 'AWARD|!reason' where the QSO has what the award counts but the award's rules
 * refuse it (a repeater contact, a state that is not one of the 50). The QSO's band column (SAT for
 * satellite contacts) and mode group travel beside the keys: every key of a QSO shares them.
 */
import { dxccEntity } from '../dxcc/entities';
import { wpxPrefix } from '../dxcc/wpx-prefix';
import { modeGroup } from '../qso/confirmation-report';
import type { QsoDetails } from '../qso/details';
import { SATELLITE_BAND, VUCC_BANDS, type AwardModeGroup, type TrackedAwardId } from './catalogue';
import { SOTA_CHASES, sotaChase } from './sota';

/** The QSO fields awards read. */
export interface CreditableQso {
  ts: string;
  call: string;
  band: string;
  mode: string;
  dxcc: number;
  continent: string;
  cqZone: number | null;
  ituZone: number | null;
  gridSquare: string;
  details?: QsoDetails;
}

export interface QsoAwardCredits {
  band: string;
  modeGroup: AwardModeGroup;
  keys: string[];
}

export type AwardExclusion = 'relay' | 'no-entity' | 'no-state' | 'not-a-state' | 'antarctica';

export const EXCLUSION_TEXTS: Readonly<Record<AwardExclusion, string>> = {
  relay: 'made through a repeater or the internet',
  'no-entity': 'with no DXCC entity',
  'no-state': 'with a US station whose STATE is not logged',
  'not-a-state': 'with a STATE that is not one of the 50',
  antarctica: 'with Antarctica, which WAC does not need',
};

/** ADIF prop modes that relay the signal: no award here credits them. */
const RELAYED = new Set(['RPT', 'INTERNET', 'ECH', 'IRL']);
/** DXCC entities whose STATE counts for WAS: the USA, Alaska, Hawaii. */
const WAS_ENTITIES = new Set([291, 6, 110]);
export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD',
  'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC',
  'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const;
const STATE_SET = new Set<string>(US_STATES);
export const WAC_CONTINENTS = ['NA', 'SA', 'EU', 'AF', 'AS', 'OC'] as const;
const CONTINENT_SET = new Set<string>(WAC_CONTINENTS);
const VUCC_BAND_SET = new Set<string>(VUCC_BANDS);

export function awardKey(award: TrackedAwardId | typeof SOTA_CHASES, value: string | number): string {
  return `${award}|${value}`;
}

/** The award and value of a key ('DXCC|339' → ['DXCC', '339']). */
export function splitAwardKey(key: string): [award: string, value: string] {
  const bar = key.indexOf('|');
  return [key.slice(0, bar), key.slice(bar + 1)];
}

export function isExclusionValue(value: string): boolean {
  return value.startsWith('!');
}

function list(value: string | undefined): string[] {
  return value ? value.split(',').map((part) => part.trim()).filter((part) => part !== '') : [];
}

/** 4-character squares from GRIDSQUARE and VUCC_GRIDS, each once. */
export function qsoGridSquares(qso: Pick<CreditableQso, 'gridSquare' | 'details'>): string[] {
  const squares = new Set<string>();
  if (qso.gridSquare.length >= 4) squares.add(qso.gridSquare.slice(0, 4).toUpperCase());
  for (const grid of list(qso.details?.VUCC_GRIDS)) if (grid.length >= 4) squares.add(grid.slice(0, 4).toUpperCase());
  return [...squares];
}

export function qsoAwardCredits(qso: CreditableQso): QsoAwardCredits {
  const details = qso.details ?? {};
  const satellite = details.PROP_MODE === 'SAT';
  const credits: QsoAwardCredits = { band: satellite ? SATELLITE_BAND : qso.band, modeGroup: modeGroup(qso.mode), keys: [] };
  const keys = credits.keys;
  const add = (award: TrackedAwardId | typeof SOTA_CHASES, value: string | number) => keys.push(awardKey(award, value));
  if (details.PROP_MODE && RELAYED.has(details.PROP_MODE)) {
    for (const award of ['DXCC', 'WAS', 'WAC', 'WAZ', 'ITU', 'WPX'] as const) add(award, '!relay');
    return credits;
  }

  const entity = qso.dxcc > 0 ? dxccEntity(qso.dxcc) : null;
  if (qso.dxcc > 0) add('DXCC', qso.dxcc);
  else add('DXCC', '!no-entity');

  if (WAS_ENTITIES.has(qso.dxcc)) {
    const stateText = details.STATE?.toUpperCase();
    const state = stateText === 'DC' ? 'MD' : stateText;
    if (!state) add('WAS', '!no-state');
    else add('WAS', STATE_SET.has(state) ? state : '!not-a-state');
  }

  if (CONTINENT_SET.has(qso.continent)) add('WAC', qso.continent);
  else if (qso.continent === 'AN') add('WAC', '!antarctica');

  const cqZone = qso.cqZone ?? entity?.cqz ?? null;
  if (cqZone !== null && cqZone >= 1 && cqZone <= 40) add('WAZ', cqZone);
  const ituZone = qso.ituZone ?? entity?.ituz ?? null;
  if (ituZone !== null && ituZone >= 1 && ituZone <= 90) add('ITU', ituZone);

  const prefix = wpxPrefix(qso.call);
  if (prefix) add('WPX', prefix);

  for (const island of list(details.IOTA)) add('IOTA', island);
  // A park's reference may name where in the park ('K-0059@US-CA'): the park is what counts.
  for (const park of list(details.POTA_REF)) add('POTA', park.split('@')[0]!);
  const day = qso.ts.slice(0, 10);
  for (const park of list(details.MY_POTA_REF)) add('POTA_ACT', `${park.split('@')[0]!} ${day}`);
  for (const summit of list(details.SOTA_REF)) {
    add('SOTA', summit);
    add(SOTA_CHASES, sotaChase(summit, day));
  }
  for (const reference of list(details.WWFF_REF)) add('WWFF', reference);

  const squares = qsoGridSquares(qso);
  for (const square of squares) add('GRIDS', square);
  if (VUCC_BAND_SET.has(credits.band)) for (const square of squares) add('VUCC', square);
  return credits;
}
