/**
 * Reads a Cabrillo log (3.0, and 2.0 the same way) as tolerantly as a sponsor's robot: whatever it
 * can read it keeps, and every line it cannot is reported with its number and why, in plain words.
 * Tags are `TAG: value`, any case; tags the model does not name are kept in order. A tag with no
 * value says nothing (a blank SOAPBOX: line included) and is passed over.
 */
import { HEADER_TAG_BY_NAME } from './cabrillo-header';
import { emptyCabrilloLog, type CabrilloHeader, type CabrilloLog } from './cabrillo-log';
import { readQsoLine, type CabrilloExchangeLayout } from './read-qso-line';

export interface CabrilloProblem {
  /** The line it is about (1 is the first). */
  line: number;
  /** That line as written ('' for something missing). */
  text: string;
  message: string;
}

export interface CabrilloReading {
  log: CabrilloLog;
  problems: CabrilloProblem[];
}

/**
 * The exchange counts of a QSO line by what the header says so far (its CONTEST and CALLSIGN: the
 * contest's rules), or null to find them from the line.
 */
export type CabrilloLayout = (header: Readonly<CabrilloHeader>) => CabrilloExchangeLayout | null;

const TAG_LINE = /^([A-Za-z0-9-]+):(.*)$/;
const VERSIONS = ['2.0', '3.0'];

/** A header tag taken into the log; answers why it could not be, or null. */
function readTag(log: CabrilloLog, tag: string, value: string): string | null {
  if (tag === 'START-OF-LOG') {
    if (log.version !== '') return `START-OF-LOG: is given twice; the first, ${log.version}, is kept`;
    log.version = value;
    return VERSIONS.includes(value) ? null : `the version ${value || '(none)'} is not 2.0 or 3.0; read as 3.0`;
  }
  if (value === '') return null;
  const named = HEADER_TAG_BY_NAME.get(tag);
  if (named) return named.read(log, value);
  log.otherTags.push({ tag, value });
  return null;
}

export function readCabrillo(text: string, layout?: CabrilloLayout): CabrilloReading {
  const log = emptyCabrilloLog();
  const problems: CabrilloProblem[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  let lastLine = 0;
  let ended = false;
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '') continue;
    const report = (message: string) => problems.push({ line, text: raw, message });
    if (ended) {
      report(`line ${line}: the log goes on after END-OF-LOG:; the rest is not read`);
      break;
    }
    const match = TAG_LINE.exec(trimmed);
    const tag = match?.[1]?.toUpperCase() ?? '';
    const value = match?.[2]?.trim() ?? '';
    if (lastLine === 0 && tag !== 'START-OF-LOG') report(`line ${line}: the log does not start with START-OF-LOG:`);
    lastLine = line;
    if (!match) {
      report(`line ${line}: is not a Cabrillo line (TAG: value)`);
    } else if (tag === 'END-OF-LOG') {
      ended = true;
    } else if (tag === 'QSO') {
      const qso = readQsoLine(value, line, layout?.(log) ?? null);
      if ('problem' in qso) report(`QSO line ${line}: ${qso.problem}`);
      else log.qsos.push(qso);
    } else {
      const problem = readTag(log, tag, value);
      if (problem !== null) report(`line ${line}: ${problem}`);
    }
  }
  if (lastLine === 0) problems.push({ line: 1, text: '', message: 'the log is empty: START-OF-LOG: is missing' });
  if (!ended) problems.push({ line: lastLine + 1, text: '', message: 'END-OF-LOG: is missing at the end of the log' });
  return { log, problems };
}
