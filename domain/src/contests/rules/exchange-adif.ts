/**
 * Where a contest exchange lives in a QSO: each exchange kind's ADIF field, received and sent
 * (SRX/STX, SRX_STRING/STX_STRING, CQZ, ITUZ, STATE, CLASS, ARRL_SECT ...), the fields N1MM and
 * WSJT-X write. The one table both ways: the logger's contest mode writes a contact's exchange into
 * these fields, and a stored QSO (however it came: the logger, a companion app, an import) is read
 * back into a contest entry from them, so every way in scores the same.
 */
import type { CallsignLocation } from '../../dxcc/index';
import type { QsoFields } from '../../qso/fields';
import { adifNameOf, EXCHANGE_ADIF_FIELDS } from './exchange-adif-names';
import type { CabrilloMode, ContestEntry, ContestRules, ExchangeField } from './rules';
import { exchangeFieldsFor } from './station';

export { EXCHANGE_ADIF_FIELDS, exchangeToAdif } from './exchange-adif-names';

/** What a contest reads of a QSO: where and when, and the fields an exchange can be in. */
export type ContestQsoFields = Pick<
  QsoFields,
  'ts' | 'call' | 'freqHz' | 'band' | 'mode' | 'dxcc' | 'rcv' | 'snt' | 'cqZone' | 'ituZone' | 'name' | 'gridSquare' | 'power' | 'details' | 'extra'
>;

/** A QSO's exchange as the stream's contest facts keep it: its own fields, and its ADIF exchange fields by name. */
export interface ContestExchangeFacts {
  rcv: string;
  snt: string;
  cqZone: number | null;
  ituZone: number | null;
  name: string;
  gridSquare: string;
  power: string;
  adif: Record<string, string>;
}

/** Every ADIF name an exchange is read from (both sides). */
const EXCHANGE_ADIF_NAMES: readonly string[] = [...new Set(Object.values(EXCHANGE_ADIF_FIELDS).flatMap((names) => [names.received, names.sent]))];

/** The part of a QSO any contest's exchange is read from (the stream keeps it with the QSO's facts). */
export function contestExchangeOf(fields: Partial<Pick<QsoFields, 'rcv' | 'snt' | 'cqZone' | 'ituZone' | 'name' | 'gridSquare' | 'power' | 'details' | 'extra'>>): ContestExchangeFacts {
  const adif: Record<string, string> = {};
  for (const name of EXCHANGE_ADIF_NAMES) {
    const value = fields.details?.[name] ?? fields.extra?.[name];
    if (value !== undefined && value !== '') adif[name] = value;
  }
  // `?? ''`: events written before a field existed lack it.
  return {
    rcv: fields.rcv ?? '',
    snt: fields.snt ?? '',
    cqZone: fields.cqZone ?? null,
    ituZone: fields.ituZone ?? null,
    name: fields.name ?? '',
    gridSquare: fields.gridSquare ?? '',
    power: fields.power ?? '',
    adif,
  };
}

/** A QSO for contests again from its facts and its kept exchange (contestExchangeOf's; a field it lacks reads as empty). */
export function contestQsoFields(base: Pick<QsoFields, 'ts' | 'call' | 'freqHz' | 'band' | 'mode' | 'dxcc'>, exchange: Partial<ContestExchangeFacts>): ContestQsoFields {
  const { adif, ...own } = contestExchangeOf({ ...exchange, details: exchange.adif });
  return { ...base, ...own, details: adif };
}

/** A stored QSO's value of an ADIF field: its own column where it has one, else its details or extra. */
export function qsoAdifValue(fields: ContestQsoFields, name: string): string {
  switch (name) {
    case 'RST_RCVD':
      return fields.rcv;
    case 'RST_SENT':
      return fields.snt;
    case 'CQZ':
      return fields.cqZone === null ? '' : String(fields.cqZone);
    case 'ITUZ':
      return fields.ituZone === null ? '' : String(fields.ituZone);
    case 'NAME':
      return fields.name;
    case 'GRIDSQUARE':
      return fields.gridSquare;
    case 'TX_PWR':
      return fields.power;
    default:
      return fields.details?.[name] ?? fields.extra?.[name] ?? '';
  }
}

/**
 * One side of a QSO's exchange by field id. A value not in its own field is taken from the
 * exchange string (SRX_STRING/STX_STRING), word by word in the contest's order, as loggers that
 * write only the string ('2A CT') leave it; the RST is never in the string.
 */
function exchangeFromQso(fields: ContestQsoFields, exchange: readonly ExchangeField[], side: 'received' | 'sent'): Record<string, string> {
  const values: Record<string, string> = {};
  const stringName = EXCHANGE_ADIF_FIELDS.text[side];
  const own = new Set(exchange.map((field) => adifNameOf(field, side, '')));
  const words = own.has(stringName) ? [] : qsoAdifValue(fields, stringName).trim().toUpperCase().split(/\s+/).filter(Boolean);
  const fromString = exchange.filter((field) => field.kind !== 'rst');
  for (const field of exchange) {
    let value = qsoAdifValue(fields, EXCHANGE_ADIF_FIELDS[field.kind][side]).trim().toUpperCase();
    if (value === '' && field.kind === 'itu-zone' && field.hq) value = qsoAdifValue(fields, stringName).trim().toUpperCase();
    if (value === '' && words.length === fromString.length) value = words[fromString.indexOf(field)] ?? '';
    if (value !== '') values[field.id] = value;
  }
  return values;
}

/** ADIF modes as Cabrillo's: CW, phone (SSB, AM, FM apart), RTTY, and every other data mode as digital. */
export function cabrilloModeOf(mode: string): CabrilloMode {
  switch (mode.toUpperCase()) {
    case 'CW':
      return 'CW';
    case 'SSB':
    case 'AM':
    case 'DIGITALVOICE':
      return 'PH';
    case 'FM':
      return 'FM';
    case 'RTTY':
      return 'RY';
    default:
      return 'DG';
  }
}

/**
 * A station's stored QSOs as its contest log: the entries on the contest's bands and modes, and how
 * many QSOs in the window were on others (not part of the log).
 */
export function contestEntries(
  rules: Pick<ContestRules, 'exchange' | 'bands' | 'modes'>,
  mine: Pick<CallsignLocation, 'dxcc'>,
  qsos: readonly { qdoId: string; fields: ContestQsoFields }[],
): { entries: ContestEntry[]; leftOut: number } {
  const entries: ContestEntry[] = [];
  for (const qso of qsos) {
    const entry = entryFromQso(rules, mine, { id: qso.qdoId, fields: qso.fields });
    if (rules.bands.includes(entry.band) && rules.modes.includes(entry.mode)) entries.push(entry);
  }
  return { entries, leftOut: qsos.length - entries.length };
}

/** A stored QSO as a contest entry of the station that logged it (`mine`: where that station is). */
export function entryFromQso(rules: Pick<ContestRules, 'exchange'>, mine: Pick<CallsignLocation, 'dxcc'>, qso: { id: string; fields: ContestQsoFields }): ContestEntry {
  const { fields } = qso;
  const other = { dxcc: fields.dxcc };
  return {
    id: qso.id,
    at: Date.parse(fields.ts),
    band: fields.band,
    mode: cabrilloModeOf(fields.mode),
    freqKhz: fields.freqHz / 1000,
    call: fields.call,
    sent: exchangeFromQso(fields, exchangeFieldsFor(rules, mine), 'sent'),
    received: exchangeFromQso(fields, exchangeFieldsFor(rules, other), 'received'),
  };
}
