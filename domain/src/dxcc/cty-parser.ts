/**
 * Reads AD1C's cty.dat (CT format). Each entity is a header line
 *   name: CQ zone: ITU zone: continent: lat: lon: UTC offset: primary prefix:
 * followed by its prefixes and exact calls ('=CALL'), comma separated, ending with ';'.
 * Any entry may carry overrides: (cq) [itu] <lat/lon> {continent} ~utc offset~.
 * cty.dat gives longitudes and UTC offsets positive WEST; this parser returns them east-positive.
 * A primary prefix starting with '*' marks an entity that counts only for WAE, not for DXCC.
 */

export interface CtyEntity {
  name: string;
  cqZone: number;
  ituZone: number;
  continent: string;
  lat: number;
  /** Degrees, east positive. */
  lon: number;
  /** Hours, east positive (UTC+1 is 1). */
  utcOffset: number;
  /** As written, without the WAE '*': 'K', 'GM/s', '3D2/c'. */
  primaryPrefix: string;
  /** Counted only for WAE; its DXCC is the entity with the same ADIF number. */
  waeOnly: boolean;
}

export interface CtyOverrides {
  cqZone?: number;
  ituZone?: number;
  lat?: number;
  lon?: number;
  continent?: string;
  utcOffset?: number;
}

export interface CtyEntry {
  /** Index into CtyFile.entities. */
  entity: number;
  /** The prefix, or the exact call without its '='. */
  text: string;
  exact: boolean;
  /** Absent when the entry has none. */
  overrides?: CtyOverrides;
}

export interface CtyFile {
  entities: CtyEntity[];
  entries: CtyEntry[];
}

const CALL = /^[A-Z0-9/]+$/;
const CLOSING: Record<string, string> = { '(': ')', '[': ']', '<': '>', '{': '}', '~': '~' };
/** A float from cty text, turning -0 into 0. */
function num(text: string, what: string): number {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value)) throw new Error(`cty.dat: bad ${what} "${text}"`);
  return value === 0 ? 0 : value;
}

function west(value: number): number {
  return value === 0 ? 0 : -value;
}

function parseHeader(line: string): CtyEntity {
  const fields = line.split(':').map((f) => f.trim());
  if (fields.length < 8) throw new Error(`cty.dat: bad entity line "${line}"`);
  const [name, cq, itu, continent, lat, lon, offset, prefix] = fields as [string, string, string, string, string, string, string, string];
  const waeOnly = prefix.startsWith('*');
  return {
    name,
    cqZone: num(cq, 'CQ zone'),
    ituZone: num(itu, 'ITU zone'),
    continent,
    lat: num(lat, 'latitude'),
    lon: west(num(lon, 'longitude')),
    utcOffset: west(num(offset, 'UTC offset')),
    primaryPrefix: waeOnly ? prefix.slice(1) : prefix,
    waeOnly,
  };
}

/** Reads '(5)[8]<40.1/75.2>{NA}~5.0~' (any order, any subset); throws on anything else. */
function parseOverrides(text: string, item: string): CtyOverrides {
  const overrides: CtyOverrides = {};
  let i = 0;
  while (i < text.length) {
    const open = text[i]!;
    const close = CLOSING[open];
    const end = close === undefined ? -1 : text.indexOf(close, i + 1);
    if (end < 0) throw new Error(`cty.dat: bad overrides in "${item}"`);
    const value = text.slice(i + 1, end);
    if (open === '(') overrides.cqZone = num(value, 'CQ zone');
    else if (open === '[') overrides.ituZone = num(value, 'ITU zone');
    else if (open === '{') overrides.continent = value;
    else if (open === '~') overrides.utcOffset = west(num(value, 'UTC offset'));
    else {
      const [lat = '', lon = ''] = value.split('/');
      overrides.lat = num(lat, 'latitude');
      overrides.lon = west(num(lon, 'longitude'));
    }
    i = end + 1;
  }
  return overrides;
}

export function parseCtyDat(text: string): CtyFile {
  const entities: CtyEntity[] = [];
  const entries: CtyEntry[] = [];
  let open = false;
  for (const rawLine of text.split(/\r?\n/)) {
    if (rawLine.trim() === '') continue;
    if (!/^\s/.test(rawLine)) {
      if (open) throw new Error(`cty.dat: entity "${entities.at(-1)?.name}" has no closing ';'`);
      entities.push(parseHeader(rawLine));
      open = true;
      continue;
    }
    if (!open) throw new Error(`cty.dat: prefixes outside an entity: "${rawLine.trim()}"`);
    const line = rawLine.trim();
    const closes = line.endsWith(';');
    for (const token of (closes ? line.slice(0, -1) : line).split(',')) {
      const item = token.trim();
      if (item === '') continue;
      const exact = item.charCodeAt(0) === 61; // '='
      const cut = item.search(/[([<{~]/);
      const call = item.slice(exact ? 1 : 0, cut < 0 ? item.length : cut);
      if (!CALL.test(call)) throw new Error(`cty.dat: bad entry "${item}" in "${entities.at(-1)?.name}"`);
      const entry: CtyEntry = { entity: entities.length - 1, text: call, exact };
      if (cut >= 0) entry.overrides = parseOverrides(item.slice(cut), item);
      entries.push(entry);
    }
    if (closes) open = false;
  }
  if (open) throw new Error('cty.dat: the last entity has no closing ;');
  return { entities, entries };
}
