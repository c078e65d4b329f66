/**
 * The header tags the model names, in the order of WWROF's Cabrillo 3.0 specification: how each
 * is read into a log and written out of it. One table, so the reader and the writer agree.
 */
import type { CabrilloCategory, CabrilloHeader } from './cabrillo-log';

export interface HeaderTag {
  tag: string;
  /** Takes a tag's value (never empty) into the header; answers why it could not, or null. */
  read(header: CabrilloHeader, value: string): string | null;
  /** The values of the tag's lines, one a line ('' for a line the writer leaves out). */
  write(header: CabrilloHeader): string[];
}

type TextKey = 'callsign' | 'contest' | 'club' | 'location' | 'createdBy' | 'name' | 'email';

const givenTwice = (tag: string, first: string): string => `${tag} is given twice; the first, ${first}, is kept`;

/** A tag given once: a second line is reported, not taken. */
function single(tag: string, get: (header: CabrilloHeader) => string, set: (header: CabrilloHeader, value: string) => void): HeaderTag {
  return {
    tag,
    read(header, value) {
      const first = get(header);
      if (first !== '') return givenTwice(tag, first);
      set(header, value);
      return null;
    },
    write: (header) => [get(header)],
  };
}

const text = (tag: string, key: TextKey): HeaderTag =>
  single(
    tag,
    (header) => header[key],
    (header, value) => {
      header[key] = value;
    },
  );

const category = (field: keyof CabrilloCategory): HeaderTag =>
  single(
    `CATEGORY-${field.toUpperCase()}`,
    (header) => header.category[field],
    (header, value) => {
      header.category[field] = value;
    },
  );

/** A tag of several lines (ADDRESS, SOAPBOX), one entry each. */
const lines = (tag: string, key: 'address' | 'soapbox'): HeaderTag => ({
  tag,
  read(header, value) {
    header[key].push(value);
    return null;
  },
  write: (header) => header[key],
});

const claimedScore: HeaderTag = {
  tag: 'CLAIMED-SCORE',
  read(header, value) {
    if (!/^\d+$/.test(value)) return `the claimed score ${value} is not a whole number`;
    if (header.claimedScore !== null) return givenTwice('CLAIMED-SCORE', String(header.claimedScore));
    header.claimedScore = Number(value);
    return null;
  },
  write: (header) => [header.claimedScore === null ? '' : String(header.claimedScore)],
};

/** The specification says space-delimited; loggers also write commas. Several lines add up. */
const operators: HeaderTag = {
  tag: 'OPERATORS',
  read(header, value) {
    header.operators.push(...value.split(/[\s,]+/).filter(Boolean));
    return null;
  },
  write: (header) => [header.operators.join(' ')],
};

export const HEADER_TAGS: readonly HeaderTag[] = [
  text('CALLSIGN', 'callsign'),
  text('CONTEST', 'contest'),
  category('operator'),
  category('assisted'),
  category('band'),
  category('power'),
  category('mode'),
  category('transmitter'),
  category('overlay'),
  category('station'),
  category('time'),
  claimedScore,
  text('CLUB', 'club'),
  text('LOCATION', 'location'),
  text('CREATED-BY', 'createdBy'),
  text('NAME', 'name'),
  lines('ADDRESS', 'address'),
  text('EMAIL', 'email'),
  operators,
  lines('SOAPBOX', 'soapbox'),
];

export const HEADER_TAG_BY_NAME: ReadonlyMap<string, HeaderTag> = new Map(HEADER_TAGS.map((tag) => [tag.tag, tag]));
