/**
 * A record's location (DXCC, CONT, COUNTRY, LAT, LON, CQZ, ITUZ) as a contact's: the record's values
 * over the call's entity, an unusable one kept in extra and its field left empty (decision 0033);
 * and positions in ADIF's 'XDDD MM.MMM' form.
 */
import { isKnownDxcc } from '../dxcc/entities';
import { COUNTRY_MAX_LENGTH } from '../qso/field-limits';
import { CONTINENTS, derivedLocation, type QsoLocation } from '../qso/normalise-input';
import { keep, text } from './record-fields';

const CONTINENT_SET: ReadonlySet<string> = new Set(CONTINENTS);
const WHOLE = /^\d+$/;
const LOCATION = /^([NSEW])\s*(\d{1,3})\s+(\d{1,2}(?:\.\d*)?)$/i;
const DECIMAL_DEGREES = /^[+-]?\d{1,3}(?:\.\d+)?$/;

/** Degrees to the position ADIF can write (0.001 minute), so that a write and a read give it back. */
function onAdifGrid(degrees: number): number {
  const sign = degrees < 0 ? -1 : 1;
  const abs = Math.abs(degrees);
  let whole = Math.floor(abs);
  let minutes = Math.round((abs - whole) * 60_000) / 1000;
  if (minutes >= 60) {
    whole++;
    minutes = 0;
  }
  return sign * (Math.round((whole + minutes / 60) * 1e6) / 1e6) || 0;
}

/** ADIF location 'XDDD MM.MMM' (or decimal degrees) as degrees; null when unreadable or out of range. */
export function parseAdifLocation(text: string, axis: 'lat' | 'lon'): number | null {
  const value = text.trim();
  const max = axis === 'lat' ? 90 : 180;
  const match = LOCATION.exec(value);
  let degrees: number;
  if (match) {
    const hemisphere = match[1]!.toUpperCase();
    if (axis === 'lat' ? hemisphere !== 'N' && hemisphere !== 'S' : hemisphere !== 'E' && hemisphere !== 'W') return null;
    const minutes = Number(match[3]);
    if (minutes >= 60) return null;
    degrees = Number(match[2]) + minutes / 60;
    if (hemisphere === 'S' || hemisphere === 'W') degrees = -degrees;
  } else if (DECIMAL_DEGREES.test(value)) {
    degrees = Number(value);
  } else {
    return null;
  }
  if (!Number.isFinite(degrees) || Math.abs(degrees) > max) return null;
  return onAdifGrid(degrees);
}

/** Degrees as ADIF location text: 44.854167 (lat) → 'N044 51.250'. */
export function formatAdifLocation(degrees: number, axis: 'lat' | 'lon'): string {
  const hemisphere = axis === 'lat' ? (degrees < 0 ? 'S' : 'N') : degrees < 0 ? 'W' : 'E';
  const abs = Math.abs(degrees);
  let whole = Math.floor(abs);
  let thousandths = Math.round((abs - whole) * 60_000);
  if (thousandths >= 60_000) {
    whole++;
    thousandths = 0;
  }
  const minutes = `${String(Math.floor(thousandths / 1000)).padStart(2, '0')}.${String(thousandths % 1000).padStart(3, '0')}`;
  return `${hemisphere}${String(whole).padStart(3, '0')} ${minutes}`;
}

/** A record's location fields as read: a value given wins over the one derived from the call. */
export interface RecordLocation {
  /** DXCC 0: no entity (maritime mobile, ...): nothing is derived from the call. */
  noEntity: boolean;
  dxcc?: number;
  continent?: string;
  country?: string;
  lat?: number;
  lon?: number;
  cqZone?: number;
  ituZone?: number;
  /** Fields whose value was unusable: kept in extra, and left empty rather than derived. */
  blank: Set<'dxcc' | 'continent' | 'country' | 'lat' | 'lon' | 'cqZone' | 'ituZone'>;
}

export function readLocation(source: Record<string, string>, extra: Record<string, string>): RecordLocation {
  const read: RecordLocation = { noEntity: false, blank: new Set() };
  const unusable = (adif: string, field: Parameters<RecordLocation['blank']['add']>[0]) => {
    keep(extra, source, adif);
    read.blank.add(field);
  };
  const dxccText = text(source, 'DXCC');
  read.noEntity = WHOLE.test(dxccText) && Number(dxccText) === 0;
  if (read.noEntity) keep(extra, source, 'DXCC');
  else if (dxccText !== '') {
    if (WHOLE.test(dxccText) && isKnownDxcc(Number(dxccText))) read.dxcc = Number(dxccText);
    else unusable('DXCC', 'dxcc');
  }
  const cont = text(source, 'CONT').toUpperCase();
  if (cont !== '') {
    if (CONTINENT_SET.has(cont)) read.continent = cont;
    else unusable('CONT', 'continent');
  }
  const country = text(source, 'COUNTRY');
  if (country !== '') {
    if (country.length <= COUNTRY_MAX_LENGTH) read.country = country;
    else unusable('COUNTRY', 'country');
  }
  for (const [adif, axis] of [['LAT', 'lat'], ['LON', 'lon']] as const) {
    const location = text(source, adif);
    if (location === '') continue;
    const degrees = parseAdifLocation(location, axis);
    if (degrees === null) unusable(adif, axis);
    else read[axis] = degrees;
  }
  const cqz = text(source, 'CQZ');
  if (cqz !== '') {
    if (WHOLE.test(cqz) && Number(cqz) >= 1 && Number(cqz) <= 40) read.cqZone = Number(cqz);
    else unusable('CQZ', 'cqZone');
  }
  const itu = text(source, 'ITUZ');
  if (itu !== '') {
    if (WHOLE.test(itu) && Number(itu) >= 1 && Number(itu) <= 90) read.ituZone = Number(itu);
    else unusable('ITUZ', 'ituZone');
  }
  return read;
}

/** The contact's location: the record's values over the call's entity (DXCC 0: the record's alone), unusable ones empty. */
export function contactLocation(call: string, read: RecordLocation): QsoLocation {
  let location: QsoLocation;
  if (read.noEntity) {
    location = { dxcc: 0, country: read.country ?? '', continent: read.continent ?? '', lat: read.lat ?? null, lon: read.lon ?? null, cqZone: read.cqZone ?? null, ituZone: null };
  } else {
    const derived = derivedLocation(call, read.dxcc);
    location = {
      dxcc: derived.dxcc,
      // A known entity is always shown by its own name; without one, the record's text is kept.
      country: derived.dxcc !== 0 ? derived.country : (read.country ?? ''),
      continent: read.continent || derived.continent,
      lat: read.lat ?? derived.lat,
      lon: read.lon ?? derived.lon,
      cqZone: read.cqZone ?? derived.cqZone,
      ituZone: derived.ituZone,
    };
  }
  if (read.ituZone !== undefined) location.ituZone = read.ituZone;
  if (location.lat !== null) location.lat = onAdifGrid(location.lat);
  if (location.lon !== null) location.lon = onAdifGrid(location.lon);
  for (const field of read.blank) {
    if (field === 'dxcc') location.dxcc = 0;
    else if (field === 'continent' || field === 'country') location[field] = '';
    else location[field] = null;
  }
  return location;
}
