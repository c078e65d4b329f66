/**
 * A Cabrillo log read as the ADIF records an import takes (what organisers receive from stations
 * that logged elsewhere): each QSO line a record with its call, date, time, band, frequency, mode,
 * the log's own call as STATION_CALLSIGN, the contest as CONTEST_ID and the exchange in its ADIF
 * fields (exchange-adif.ts) when the contest's rules are known; otherwise the RST where one leads and
 * the rest as the exchange strings. Lines that could not be read are the import's problems, by line.
 */
import type { AdifProblem, AdifRecord } from '../../adif/reader';
import { builtInRules } from '../rules/built-in-rules';
import { exchangeToAdif } from '../rules/exchange-adif';
import type { CabrilloMode, ContestRules, ExchangeField } from '../rules/rules';
import { contestLocationOf, exchangeFieldsFor } from '../rules/station';
import { cabrilloFreqBand, cabrilloFreqKhz } from './cabrillo-freq';
import type { CabrilloQso } from './cabrillo-log';
import { readCabrillo } from './read-cabrillo';

/** Cabrillo's modes as ADIF's; other digital modes (DG) have no ADIF mode of their own: MFSK, FT8's family. */
const ADIF_MODE: Readonly<Record<CabrilloMode, string>> = { CW: 'CW', PH: 'SSB', FM: 'FM', RY: 'RTTY', DG: 'MFSK' };
const RST = /^[1-5][1-9][1-9]?[A-Z]?$/;

/** The biggest Cabrillo log an import reads (it is read whole; a multi-multi station's weekend is about 2 MB). */
export const CABRILLO_MAX_BYTES = 20 * 1024 * 1024;
export const CABRILLO_TOO_BIG = `This Cabrillo log is over ${CABRILLO_MAX_BYTES / 1024 / 1024} MB, bigger than any contest log: nothing was imported from it.`;

/** Whether a file's start is a Cabrillo log's (START-OF-LOG: first, after blank lines or a byte-order mark). */
export function isCabrilloText(start: string): boolean {
  return /^\uFEFF?\s*START-OF-LOG:/i.test(start);
}

/** Values as the contest's fields when they are known; else an RST that leads, the rest as one string. */
function exchangeAdif(values: readonly string[], fields: readonly ExchangeField[] | null, side: 'received' | 'sent'): Record<string, string> {
  if (fields) return exchangeToAdif(fields, Object.fromEntries(fields.map((field, i) => [field.id, values[i] ?? ''])), side);
  const adif: Record<string, string> = {};
  const rest = [...values];
  if (rest[0] !== undefined && RST.test(rest[0])) adif[side === 'sent' ? 'RST_SENT' : 'RST_RCVD'] = rest.shift()!;
  if (rest.length > 0) adif[side === 'sent' ? 'STX_STRING' : 'SRX_STRING'] = rest.join(' ');
  return adif;
}

function qsoRecord(qso: CabrilloQso, contest: string, rules: ContestRules | null): AdifRecord {
  const khz = cabrilloFreqKhz(qso.freq);
  const fields: Record<string, string> = {
    CALL: qso.rcvdCall,
    QSO_DATE: qso.date.replace(/-/g, ''),
    TIME_ON: `${qso.time}00`,
    BAND: cabrilloFreqBand(qso.freq) ?? '',
    ...(khz === null ? {} : { FREQ: String(khz / 1000) }),
    MODE: ADIF_MODE[qso.mode],
    STATION_CALLSIGN: qso.sentCall,
    ...(contest ? { CONTEST_ID: contest } : {}),
    ...exchangeAdif(qso.sent, rules ? exchangeFieldsFor(rules, contestLocationOf(qso.sentCall)) : null, 'sent'),
    ...exchangeAdif(qso.received, rules ? exchangeFieldsFor(rules, contestLocationOf(qso.rcvdCall)) : null, 'received'),
  };
  return { line: qso.line, fields };
}

export function cabrilloRecords(text: string): { records: AdifRecord[]; problems: AdifProblem[] } {
  const { log, problems } = readCabrillo(text);
  const rules = builtInRules(log.contest);
  return {
    records: log.qsos.map((qso) => qsoRecord(qso, log.contest, rules)),
    // A QSO line not read is a contact not imported; the header's problems do not keep any contact out.
    problems: problems.filter((problem) => /^\s*QSO:/i.test(problem.text)).map((problem) => ({ line: problem.line, message: problem.message })),
  };
}
