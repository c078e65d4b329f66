/**
 * The callsign database built once, on first use, from the embedded cty.dat, the cty.csv ADIF
 * numbers and the ARRL entity list.
 */
import { ARRL_ENTITIES_TSV } from '../generated/arrl-entities';
import { CTY_ADIF_BY_PRIMARY_PREFIX } from '../generated/cty-adif';
import { CTY_DAT } from '../generated/cty-dat';
import { parseTsv } from '../tsv';
import { parseCtyDat, type CtyEntity, type CtyFile } from './cty-parser';

/** Where a callsign operates from: its DXCC entity (ADIF number) and location data. */
export interface CallsignLocation {
  /** ADIF DXCC entity number; 0 for no entity (maritime or aeronautical mobile). */
  dxcc: number;
  /** Name of the DXCC entity (for a WAE-only entity, its parent's name); '' for none. */
  country: string;
  continent: string;
  cqZone: number;
  ituZone: number;
  lat: number;
  /** Degrees, east positive. */
  lon: number;
  /** For WAE-only entities (Sicily, Shetland Islands, Vienna Intl Ctr ...), the WAE entity's name. */
  waeEntity?: string;
}

export interface ArrlEntity {
  adif: number;
  name: string;
  deleted: boolean;
}

export interface DxccDatabase {
  cty: CtyFile;
  exactCalls: ReadonlyMap<string, CallsignLocation>;
  prefixes: ReadonlyMap<string, CallsignLocation>;
  longestPrefix: number;
  /** Each cty.dat entity's own location, by its primary prefix as written without the WAE '*' ('K', 'SV/a'). */
  entityByPrimaryPrefix: ReadonlyMap<string, CallsignLocation>;
  /** The DXCC (not WAE-only) cty entity per ADIF number. */
  ctyEntityByAdif: ReadonlyMap<number, CtyEntity>;
  arrlByAdif: ReadonlyMap<number, ArrlEntity>;
}

let database: DxccDatabase | undefined;

/**
 * cty.dat names DXCC 390 'Asiatic Turkey' because it splits Turkey for WAE (European Turkey, TA1,
 * is WAE-only); for DXCC the entity is Turkey.
 */
const DXCC_NAME_OVERRIDES: Readonly<Record<number, string>> = { 390: 'Turkey' };

/** The name a DXCC entity is shown with: cty.dat's, unless overridden above. */
export function dxccNameOf(adif: number, ctyEntity: CtyEntity): string {
  return DXCC_NAME_OVERRIDES[adif] ?? ctyEntity.name;
}

export function adifNumberOf(entity: CtyEntity): number {
  const key = entity.waeOnly ? `*${entity.primaryPrefix}` : entity.primaryPrefix;
  const adif = CTY_ADIF_BY_PRIMARY_PREFIX[key];
  if (adif === undefined) throw new Error(`cty.csv has no ADIF number for cty.dat entity ${key} (${entity.name})`);
  return adif;
}

function readArrl(): Map<number, ArrlEntity> {
  const byAdif = new Map<number, ArrlEntity>();
  for (const row of parseTsv(ARRL_ENTITIES_TSV)) {
    const adif = Number(row.adif);
    if (!Number.isInteger(adif) || !row.name) continue;
    byAdif.set(adif, { adif, name: row.name, deleted: row.deleted === '1' });
  }
  return byAdif;
}

/** Builds the database from cty.dat text (the embedded file, or a sample in tests). */
export function buildDxccDatabase(ctyDat: string): DxccDatabase {
  const cty = parseCtyDat(ctyDat);
  const adifs = cty.entities.map(adifNumberOf);
  const ctyEntityByAdif = new Map<number, CtyEntity>();
  cty.entities.forEach((entity, i) => {
    if (!entity.waeOnly) ctyEntityByAdif.set(adifs[i]!, entity);
  });
  const base: CallsignLocation[] = cty.entities.map((entity, i) => {
    const dxcc = adifs[i]!;
    const parent = ctyEntityByAdif.get(dxcc);
    if (!parent) throw new Error(`cty.dat: WAE entity ${entity.name} has no DXCC entity with ADIF ${dxcc}`);
    const location: CallsignLocation = {
      dxcc,
      country: dxccNameOf(dxcc, parent),
      continent: entity.continent,
      cqZone: entity.cqZone,
      ituZone: entity.ituZone,
      lat: entity.lat,
      lon: entity.lon,
    };
    if (entity.waeOnly) location.waeEntity = entity.name;
    return location;
  });

  const exactCalls = new Map<string, CallsignLocation>();
  const prefixes = new Map<string, CallsignLocation>();
  let longestPrefix = 0;
  for (const entry of cty.entries) {
    const entityLocation = base[entry.entity]!;
    const o = entry.overrides;
    const location =
      o === undefined
        ? entityLocation
        : {
            ...entityLocation,
            continent: o.continent ?? entityLocation.continent,
            cqZone: o.cqZone ?? entityLocation.cqZone,
            ituZone: o.ituZone ?? entityLocation.ituZone,
            lat: o.lat ?? entityLocation.lat,
            lon: o.lon ?? entityLocation.lon,
          };
    const target = entry.exact ? exactCalls : prefixes;
    if (!target.has(entry.text)) target.set(entry.text, location);
    if (!entry.exact) longestPrefix = Math.max(longestPrefix, entry.text.length);
  }
  const entityByPrimaryPrefix = new Map(cty.entities.map((entity, i) => [entity.primaryPrefix, base[i]!] as const));
  return { cty, exactCalls, prefixes, longestPrefix, entityByPrimaryPrefix, ctyEntityByAdif, arrlByAdif: readArrl() };
}

/** The parsed database (built on first call, about 20 ms). */
export function dxccDatabase(): DxccDatabase {
  database ??= buildDxccDatabase(CTY_DAT);
  return database;
}
