/**
 * What an award's values are called and where they are: entity names and positions, state and
 * continent names, and the full list for awards with a known list (DXCC, WAS, WAC, WAZ, ITU zones),
 * so their grids show what is still needed. Server side: it reads the DXCC data.
 */
import { dxccDatabase, dxccNameOf } from '../dxcc/database';
import type { TrackedAwardId } from './catalogue';
import { US_STATES, WAC_CONTINENTS } from './credits';

const STATE_NAMES: Readonly<Record<(typeof US_STATES)[number], string>> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa',
  KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan',
  MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire',
  NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio',
  OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota',
  TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia',
  WI: 'Wisconsin', WY: 'Wyoming',
};
const CONTINENT_NAMES: Readonly<Record<string, string>> = {
  NA: 'North America', SA: 'South America', EU: 'Europe', AF: 'Africa', AS: 'Asia', OC: 'Oceania',
};

export interface AwardValueInfo {
  label: string;
  note: string;
  lat: number | null;
  lon: number | null;
  /** A deleted DXCC entity: only in the total that includes them. */
  retired: boolean;
}

function entityInfo(value: string): AwardValueInfo {
  const adif = Number(value);
  const { ctyEntityByAdif, arrlByAdif } = dxccDatabase();
  const cty = ctyEntityByAdif.get(adif);
  const arrl = arrlByAdif.get(adif);
  if (arrl?.deleted || !cty) {
    return { label: titleCase(arrl?.name.replace(/\s*\(DELETED\)$/, '') ?? `Entity ${value}`), note: arrl?.deleted ? 'Deleted entity' : '', lat: null, lon: null, retired: arrl?.deleted ?? false };
  }
  return { label: dxccNameOf(adif, cty), note: `${cty.primaryPrefix} · ${cty.continent}`, lat: cty.lat, lon: cty.lon, retired: false };
}

function titleCase(text: string): string {
  return text.toLowerCase().replace(/(^|[\s(-])(\p{L})/gu, (_m, before: string, letter: string) => before + letter.toUpperCase());
}

export function awardValueInfo(award: TrackedAwardId, value: string): AwardValueInfo {
  const plain = (label: string, note = ''): AwardValueInfo => ({ label, note, lat: null, lon: null, retired: false });
  switch (award) {
    case 'DXCC':
      return entityInfo(value);
    case 'WAS':
      return plain(STATE_NAMES[value as (typeof US_STATES)[number]] ?? value, value);
    case 'WAC':
      return plain(CONTINENT_NAMES[value] ?? value, value);
    case 'WAZ':
      return plain(`CQ zone ${value}`);
    case 'ITU':
      return plain(`ITU zone ${value}`);
    case 'POTA_ACT': {
      const [park, day] = value.split(' ');
      return plain(park ?? value, day ?? '');
    }
    default:
      return plain(value);
  }
}

/** Whether a value counts only in a total that includes deleted ones (DXCC's deleted entities). */
export function isRetiredValue(award: string, value: string): boolean {
  return award === 'DXCC' && (dxccDatabase().arrlByAdif.get(Number(value))?.deleted ?? false);
}

let dxccValues: readonly string[] | undefined;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

/** Every value an award with a known list has (DXCC: current and deleted entities), or null. */
export function awardUniverse(award: TrackedAwardId): readonly string[] | null {
  switch (award) {
    case 'DXCC':
      dxccValues ??= [...dxccDatabase().arrlByAdif.keys()].filter((adif) => adif > 0).map(String);
      return dxccValues;
    case 'WAS':
      return US_STATES;
    case 'WAC':
      return WAC_CONTINENTS;
    case 'WAZ':
      return range(1, 40);
    case 'ITU':
      return range(1, 90);
    default:
      return null;
  }
}
