/**
 * Writes a log as Cabrillo 3.0: the header tags in the specification's order, then the tags the
 * model does not name in theirs, then the QSO lines in the specification's fixed columns. Tags
 * without a value are left out; END-OF-LOG: has none and ends the log. Lines end in LF: the
 * specification asks for the platform's line end, and robots (and readCabrillo) take either.
 */
import { HEADER_TAG_BY_NAME, HEADER_TAGS } from './cabrillo-header';
import type { CabrilloLog, CabrilloQso, CabrilloTag } from './cabrillo-log';

/** A value that would break a line or the QSO line's columns: callers validate before writing. */
export class CabrilloWriteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CabrilloWriteError';
  }
}

/** The least width of each exchange value, by position, sent and received; a longer value is written whole. */
export interface CabrilloWidths {
  sent: readonly number[];
  received: readonly number[];
}

/** The specification's template: the frequency right-aligned in 5, calls left-aligned in 13. */
const FREQ_WIDTH = 5;
const CALL_WIDTH = 13;
/** The template's columns for an RST (the first value of a side) and for any other exchange value. */
const RST_WIDTH = 3;
const VALUE_WIDTH = 6;
const RST = /^[1-5][1-9][1-9]?$/;
/** Tags the reader takes for something else: a line of otherTags may not be one. */
const RESERVED_TAGS = new Set(['START-OF-LOG', 'END-OF-LOG', 'QSO', ...HEADER_TAG_BY_NAME.keys()]);

function headerLine(tag: string, value: string): string {
  if (/[\r\n]/.test(value)) throw new CabrilloWriteError(`${tag}: the value ${JSON.stringify(value)} has a line break`);
  return `${tag}: ${value}`;
}

function otherTagLine({ tag, value }: CabrilloTag): string {
  const name = tag.toUpperCase();
  if (!/^[A-Z0-9-]+$/.test(name) || RESERVED_TAGS.has(name)) throw new CabrilloWriteError(`${JSON.stringify(tag)} cannot be written as a tag of its own`);
  return headerLine(name, value);
}

function headerLines(log: CabrilloLog): string[] {
  for (const operator of log.operators) {
    if (!/^\S+$/.test(operator)) throw new CabrilloWriteError(`OPERATORS: the operator ${JSON.stringify(operator)} is not one word`);
  }
  const named = HEADER_TAGS.flatMap(({ tag, write }) => write(log).flatMap((value) => (value === '' ? [] : [headerLine(tag, value)])));
  return [...named, ...log.otherTags.filter((tag) => tag.value !== '').map(otherTagLine)];
}

/** Each position's width: the caller's, else the longest value there, at least the template's. */
function columnWidths(rows: readonly (readonly string[])[], given: readonly number[] = []): number[] {
  const count = rows.reduce((most, row) => Math.max(most, row.length), 0);
  return Array.from({ length: count }, (_, position) => {
    const column = rows.flatMap((row) => (position < row.length ? [row[position] ?? ''] : []));
    const least = position === 0 && column.every((value) => RST.test(value)) ? RST_WIDTH : VALUE_WIDTH;
    return given[position] ?? column.reduce((most, value) => Math.max(most, value.length), least);
  });
}

/** A QSO's values checked to be one word each, so none breaks the line or moves a column. */
function checkQso(qso: CabrilloQso, position: number): void {
  const where = qso.line > 0 ? `QSO line ${qso.line}` : `QSO ${position + 1}`;
  const values: [string, string][] = [
    ['frequency', qso.freq],
    ['mode', qso.mode],
    ['date', qso.date],
    ['time', qso.time],
    ['sent call', qso.sentCall],
    ...qso.sent.map((value, index): [string, string] => [`sent value ${index + 1}`, value]),
    ['received call', qso.rcvdCall],
    ...qso.received.map((value, index): [string, string] => [`received value ${index + 1}`, value]),
  ];
  for (const [what, value] of values) {
    if (!/^\S+$/.test(value)) throw new CabrilloWriteError(`${where}: the ${what} ${JSON.stringify(value)} is not one word`);
  }
  if (qso.transmitter !== null && qso.transmitter !== 0 && qso.transmitter !== 1) {
    throw new CabrilloWriteError(`${where}: the transmitter id ${qso.transmitter} is not 0 or 1`);
  }
}

function qsoLine(qso: CabrilloQso, widths: CabrilloWidths): string {
  const padded = (values: readonly string[], width: readonly number[]) => values.map((value, index) => value.padEnd(width[index] ?? 0));
  return [
    'QSO:',
    qso.freq.padStart(FREQ_WIDTH),
    qso.mode,
    qso.date,
    qso.time,
    qso.sentCall.padEnd(CALL_WIDTH),
    ...padded(qso.sent, widths.sent),
    qso.rcvdCall.padEnd(CALL_WIDTH),
    ...padded(qso.received, widths.received),
    ...(qso.transmitter === null ? [] : [String(qso.transmitter)]),
  ]
    .join(' ')
    .trimEnd();
}

export function writeCabrillo(log: CabrilloLog, widths?: Partial<CabrilloWidths>): string {
  log.qsos.forEach(checkQso);
  const columns: CabrilloWidths = {
    sent: columnWidths(log.qsos.map((qso) => qso.sent), widths?.sent),
    received: columnWidths(log.qsos.map((qso) => qso.received), widths?.received),
  };
  const lines = ['START-OF-LOG: 3.0', ...headerLines(log), ...log.qsos.map((qso) => qsoLine(qso, columns)), 'END-OF-LOG:'];
  return `${lines.join('\n')}\n`;
}
