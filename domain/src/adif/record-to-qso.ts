/**
 * An ADIF record as a contact (QsoFields) and back. The rules of the logger apply (the record is
 * read straight into QsoFields with normaliseQsoInput's checks); what ADIF carries beyond them goes
 * to fields.extra.
 *
 * What "the same value" means when a record is read and written again (decision 0033):
 * - Fields we do not map come back exactly as read (empty values are no data and are left out).
 * - Mapped fields come back with the same meaning: CALL, BAND, MODE, SUBMODE, CONT, GRIDSQUARE in
 *   their conventional case; QSO_DATE/TIME_ON/TIME_OFF/QSO_DATE_OFF the same instants (HHMMSS);
 *   FREQ the same number of Hz (digits below 1 Hz are rounded); DXCC, CQZ, ITUZ, TX_PWR the same
 *   numbers; LAT/LON the same position to 0.001 minute; text fields without surrounding spaces;
 *   COUNTRY as the DXCC entity's name when DXCC is known; a deprecated MODE in its current form
 *   (MODE PSK31 becomes MODE PSK, SUBMODE PSK31).
 * - A value our fields cannot hold (over a length limit, an unknown mode, a 10-character grid,
 *   TX_PWR 5.5, an unreadable number...) is never cut or dropped: it stays in extra under its ADIF
 *   name and its field is left empty, so it comes back exactly as read.
 * - Named fields win over extra on export: a later correction of a named field is what is written.
 */
import { bandForHz, normaliseBandName } from '../bands';
import { MAX_FREQUENCY_HZ, formatMhz, parseScaledDecimal } from '../frequency';
import { normaliseGridSquare } from '../maidenhead';
import * as m from '../messages';
import { isCurrentMode, isKnownMode, isKnownSubMode, parentModeOf, resolveModeChoice } from '../modes';
import { serviceReportDetails } from '../qso/confirmation-report';
import { splitDetails } from '../qso/details';
import type { QsoFields } from '../qso/fields';
import {
  COMMENT_MAX_LENGTH,
  CONTEST_NAME_MAX_LENGTH,
  NAME_MAX_LENGTH,
  POWER_MAX_DIGITS,
  QSO_ORIGIN_MAX_LENGTH,
  RADIO_MODE_MAX_LENGTH,
  REPORT_MAX_LENGTH,
} from '../qso/field-limits';
import { EARLIEST_TS, MAX_FUTURE_MS, callsignProblem } from '../qso/normalise-input';
import type { AdifRecord } from './reader';
import { keep, limited, text } from './record-fields';
import { contactLocation, formatAdifLocation, readLocation } from './record-location';

export { formatAdifLocation, parseAdifLocation } from './record-location';

export type AdifQsoResult =
  | { ok: true; fields: QsoFields; stationCallsign: string }
  | { ok: false; line: number; message: string };

/** Our own fields, which other programs keep as application fields. */
export const ADIF_APP_RADIO_MODE = 'APP_HAMLOG_RADIO_MODE';
export const ADIF_APP_QSO_ORIGIN = 'APP_HAMLOG_QSO_ORIGIN';
export const ADIF_APP_RUN = 'APP_HAMLOG_RUN';

/** The ADIF fields that named QsoFields hold (all others go to extra as read). */
const MAPPED = new Set([
  'CALL',
  'QSO_DATE',
  'TIME_ON',
  'QSO_DATE_OFF',
  'TIME_OFF',
  'FREQ',
  'BAND',
  'MODE',
  'SUBMODE',
  'NAME',
  'RST_SENT',
  'RST_RCVD',
  'COMMENT',
  'TX_PWR',
  'DXCC',
  'CONT',
  'COUNTRY',
  'LAT',
  'LON',
  'CQZ',
  'ITUZ',
  'GRIDSQUARE',
  'CONTEST_ID',
  'STATION_CALLSIGN',
  ADIF_APP_RADIO_MODE,
  ADIF_APP_QSO_ORIGIN,
  ADIF_APP_RUN,
]);

const DATE = /^(\d{4})(\d{2})(\d{2})$/;
const TIME = /^(\d{2})(\d{2})(\d{2})?$/;

const DAY_MS = 86_400_000;

function dateParts(text: string): [string, string, string] | null {
  const d = DATE.exec(text);
  return d ? [d[1]!, d[2]!, d[3]!] : null;
}

function timeParts(text: string): [string, string, string] | null {
  const t = TIME.exec(text);
  if (!t || Number(t[1]) > 23 || Number(t[2]) > 59 || Number(t[3] ?? '0') > 59) return null;
  return [t[1]!, t[2]!, t[3] ?? '00'];
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function utcMillis(date: [string, string, string], time: [string, string, string]): number {
  const year = Number(date[0]);
  const month = Number(date[1]);
  const day = Number(date[2]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (month < 1 || month > 12 || day < 1 || day > MONTH_DAYS[month - 1]! + (month === 2 && leap ? 1 : 0)) return Number.NaN;
  // Date.UTC reads years 0-99 as 1900-1999: count from 2000 (leap like them) and move the year.
  const shift = year < 100 ? 2000 : 0;
  const at = Date.UTC(year + shift, month - 1, day, Number(time[0]), Number(time[1]), Number(time[2]));
  return shift === 0 ? at : new Date(at).setUTCFullYear(year);
}

/** MHz text as integer Hz, or null. */
function mhzToHz(text: string): number | null {
  const scaled = parseScaledDecimal(text, 6);
  if (scaled === null || scaled < 0n || scaled > BigInt(MAX_FREQUENCY_HZ)) return null;
  return Number(scaled);
}

/** Integer Hz as the shortest MHz text: 14074000 → '14.074', 10489500000 → '10489.5'. */
export function formatAdifFreq(hz: number): string {
  return formatMhz(hz).replace(/\.?0+$/, '');
}

function refused(record: AdifRecord, message: string): AdifQsoResult {
  return { ok: false, line: record.line, message };
}

/** The frequency and band: the band follows the frequency; a BAND alone gives freqHz 0 (unknown). */
function frequencyAndBand(source: Record<string, string>, extra: Record<string, string>): { freqHz: number; band: string } | { problem: string; refused?: boolean } {
  const freqText = text(source, 'FREQ');
  const bandText = text(source, 'BAND');
  const band = bandText === '' ? null : normaliseBandName(bandText);
  const hz = freqText === '' ? null : mhzToHz(freqText);
  const freqBand = hz === null ? null : bandForHz(hz);
  // The BAND given wins, also over a FREQ just outside it (the ADIF test file has 54.000001 MHz on 6m): both come back as read.
  if (hz !== null && freqBand !== null) return { freqHz: hz, band: band ?? freqBand };
  if (band !== null) {
    if (freqText !== '') keep(extra, source, 'FREQ');
    return { freqHz: 0, band };
  }
  if (freqText !== '') return { problem: hz === null ? m.FREQ_INVALID : m.FREQ_OUTSIDE_BANDS };
  return { problem: bandText === '' ? m.ADIF_NO_FREQ_OR_BAND : m.adifFieldRefused('BAND', m.FREQ_OUTSIDE_BANDS), refused: true };
}

/** Mode and sub-mode: deprecated values in their current form; what ADIF does not know stays in extra (and the mode empty). */
function modeAndSubMode(source: Record<string, string>, extra: Record<string, string>): { mode: string; subMode: string } {
  const modeText = text(source, 'MODE').toUpperCase();
  const subText = text(source, 'SUBMODE').toUpperCase();
  if (modeText === '') {
    const parent = subText === '' ? null : parentModeOf(subText);
    if (parent !== null) return { mode: parent, subMode: subText };
    keep(extra, source, 'SUBMODE');
    return { mode: '', subMode: '' };
  }
  if (isCurrentMode(modeText)) {
    if (subText === '' || isKnownSubMode(subText, modeText)) return { mode: modeText, subMode: subText };
    keep(extra, source, 'SUBMODE');
    return { mode: modeText, subMode: '' };
  }
  if (isKnownMode(modeText) || parentModeOf(modeText) !== null) {
    const choice = resolveModeChoice(modeText)!;
    if (subText === '' || subText === choice.SubMode) return { mode: choice.Mode, subMode: choice.SubMode };
    if (isKnownSubMode(subText, choice.Mode)) return { mode: choice.Mode, subMode: subText };
    keep(extra, source, 'SUBMODE');
    return { mode: choice.Mode, subMode: choice.SubMode };
  }
  keep(extra, source, 'MODE');
  keep(extra, source, 'SUBMODE');
  return { mode: '', subMode: '' };
}

const POWER = /^0*(\d+)(?:\.0*)?$/;

/**
 * One record as a contact, read straight into its fields by the logger's rules (the same checks
 * and the same entity from the call as normaliseQsoInput). `now` refuses far-future times, as the
 * logger does. Refused: no CALL or an invalid one, no or an invalid QSO_DATE/TIME_ON, neither a
 * usable FREQ nor BAND. Everything else is imported, keeping what our fields cannot hold in extra.
 */
export function adifRecordToQso(record: AdifRecord, now: Date): AdifQsoResult {
  const source = record.fields;
  const extra: Record<string, string> = {};
  for (const name in source) {
    const value = source[name]!;
    if (value !== '' && !MAPPED.has(name)) extra[name] = value;
  }

  const dateText = text(source, 'QSO_DATE');
  const timeText = text(source, 'TIME_ON');
  if (dateText === '') return refused(record, m.ADIF_NO_QSO_DATE);
  if (timeText === '') return refused(record, m.ADIF_NO_TIME_ON);
  const date = dateParts(dateText);
  if (date === null) return refused(record, m.adifDateInvalid('QSO_DATE', dateText));
  const time = timeParts(timeText);
  if (time === null) return refused(record, m.adifTimeInvalid('TIME_ON', timeText));
  const frequency = frequencyAndBand(source, extra);
  if ('refused' in frequency) return refused(record, frequency.problem);

  // What ADIF carries beyond our fields goes to extra in this order (an export writes extra's fields in it).
  const { mode, subMode } = modeAndSubMode(source, extra);
  const name = limited(extra, source, 'NAME', NAME_MAX_LENGTH);
  // No report is invented for a record without one.
  const snt = limited(extra, source, 'RST_SENT', REPORT_MAX_LENGTH);
  const rcv = limited(extra, source, 'RST_RCVD', REPORT_MAX_LENGTH);
  const comment = limited(extra, source, 'COMMENT', COMMENT_MAX_LENGTH);
  const contestName = limited(extra, source, 'CONTEST_ID', CONTEST_NAME_MAX_LENGTH);
  const radioMode = limited(extra, source, ADIF_APP_RADIO_MODE, RADIO_MODE_MAX_LENGTH);
  const qsoOrigin = limited(extra, source, ADIF_APP_QSO_ORIGIN, QSO_ORIGIN_MAX_LENGTH);
  const run = text(source, ADIF_APP_RUN);
  if (run !== '1' && run !== '0') keep(extra, source, ADIF_APP_RUN);
  const powerMatch = POWER.exec(text(source, 'TX_PWR'));
  const power = powerMatch && powerMatch[1]!.length <= POWER_MAX_DIGITS ? powerMatch[1]! : '';
  if (power === '') keep(extra, source, 'TX_PWR');
  const location = readLocation(source, extra);
  const grid = normaliseGridSquare(text(source, 'GRIDSQUARE'));
  if (grid === null) keep(extra, source, 'GRIDSQUARE');

  // What the logger refuses, in its order: the call, the time, the frequency.
  const problems: string[] = [];
  const call = text(source, 'CALL').toUpperCase();
  const callProblem = callsignProblem(call);
  if (callProblem !== null) problems.push(m.adifFieldRefused('CALL', callProblem));
  const at = utcMillis(date, time);
  if (Number.isNaN(at) || at < EARLIEST_TS) problems.push(m.adifFieldRefused('QSO_DATE/TIME_ON', m.TS_INVALID));
  else if (at > now.getTime() + MAX_FUTURE_MS) problems.push(m.adifFieldRefused('QSO_DATE/TIME_ON', m.TS_IN_FUTURE));
  if (!('band' in frequency)) problems.push(m.adifFieldRefused('FREQ', frequency.problem));
  if (problems.length > 0 || !('band' in frequency)) return refused(record, problems.join(' '));

  const fields: QsoFields = {
    ts: `${date[0]}-${date[1]}-${date[2]}T${time[0]}:${time[1]}:${time[2]}Z`,
    call,
    freqHz: frequency.freqHz,
    band: frequency.band,
    mode,
    subMode,
    name,
    snt,
    rcv,
    comment,
    power,
    ...contactLocation(call, location),
    gridSquare: grid ?? '',
    radioMode,
    qsoDuration: duration(source, extra, date, time, timeText),
    qsoOrigin,
    isRunQso: run === '1' ? 1 : 0,
    contestName,
  };
  if (Object.keys(extra).length > 0) {
    const split = splitDetails(extra);
    const details = serviceReportDetails(split.details, split.extra);
    Object.assign(fields, split, details ? { details } : {});
  }
  const stationCallsign = text(source, 'STATION_CALLSIGN') || text(source, 'OPERATOR');
  return { ok: true, fields, stationCallsign };
}

/**
 * Seconds from TIME_ON to TIME_OFF (on QSO_DATE_OFF, else the same day, or the next when TIME_OFF
 * is earlier: past midnight). When that gives no positive duration, TIME_OFF and QSO_DATE_OFF are
 * kept in extra as read (the writer writes them from a positive duration only).
 */
function duration(
  source: Record<string, string>,
  extra: Record<string, string>,
  date: [string, string, string],
  time: [string, string, string],
  timeOnText: string,
): number {
  const offText = text(source, 'TIME_OFF');
  const offDateText = text(source, 'QSO_DATE_OFF');
  if (offText === '') return keepTimeOff(extra, source);
  const offTime = timeParts(offText);
  const offDate = offDateText === '' ? date : dateParts(offDateText);
  if (offTime === null || offDate === null) return keepTimeOff(extra, source);
  const start = utcMillis(date, time);
  let end = utcMillis(offDate, offTime);
  if (Number.isNaN(end)) return keepTimeOff(extra, source);
  if (offDateText === '' && end < start) {
    // HHMM against HHMMSS in the same minute is no midnight.
    const sameMinute = (offText.length === 4 || timeOnText.length === 4) && Math.floor(end / 60_000) === Math.floor(start / 60_000);
    if (!sameMinute) end += DAY_MS;
  }
  const seconds = Math.round((end - start) / 1000);
  return seconds > 0 ? seconds : keepTimeOff(extra, source);
}

function keepTimeOff(extra: Record<string, string>, source: Record<string, string>): number {
  keep(extra, source, 'TIME_OFF');
  keep(extra, source, 'QSO_DATE_OFF');
  return 0;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');
const CANONICAL_TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/**
 * A contact as ADIF fields: the named fields and details, then extra's (named ones win).
 * STATION_CALLSIGN is the contact's own (details) or else `stationCallsign` when not empty.
 */
export function qsoToAdifFields(fields: QsoFields, stationCallsign: string): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (name: string, value: string): void => {
    if (value !== '') out[name] = value;
  };
  put('CALL', fields.call);
  const ts = fields.ts;
  if (CANONICAL_TS.test(ts)) {
    // The stored form, '2025-01-31T12:34:56Z': no date arithmetic needed.
    out.QSO_DATE = ts.slice(0, 4) + ts.slice(5, 7) + ts.slice(8, 10);
    out.TIME_ON = ts.slice(11, 13) + ts.slice(14, 16) + ts.slice(17, 19);
  }
  const start = fields.qsoDuration > 0 || out.QSO_DATE === undefined ? Date.parse(ts) : Number.NaN;
  if (!Number.isNaN(start)) {
    const at = new Date(start);
    put('QSO_DATE', `${at.getUTCFullYear()}${pad2(at.getUTCMonth() + 1)}${pad2(at.getUTCDate())}`);
    put('TIME_ON', `${pad2(at.getUTCHours())}${pad2(at.getUTCMinutes())}${pad2(at.getUTCSeconds())}`);
    if (fields.qsoDuration > 0) {
      const end = new Date(start + fields.qsoDuration * 1000);
      put('QSO_DATE_OFF', `${end.getUTCFullYear()}${pad2(end.getUTCMonth() + 1)}${pad2(end.getUTCDate())}`);
      put('TIME_OFF', `${pad2(end.getUTCHours())}${pad2(end.getUTCMinutes())}${pad2(end.getUTCSeconds())}`);
    }
  }
  put('BAND', fields.band);
  if (fields.freqHz > 0) put('FREQ', formatAdifFreq(fields.freqHz));
  put('MODE', fields.mode);
  put('SUBMODE', fields.subMode);
  put('RST_SENT', fields.snt);
  put('RST_RCVD', fields.rcv);
  put('NAME', fields.name);
  put('COMMENT', fields.comment);
  put('TX_PWR', fields.power);
  if (fields.dxcc !== 0) put('DXCC', String(fields.dxcc));
  put('COUNTRY', fields.country);
  put('CONT', fields.continent);
  if (fields.cqZone !== null) put('CQZ', String(fields.cqZone));
  if (fields.ituZone !== null) put('ITUZ', String(fields.ituZone));
  if (fields.lat !== null) put('LAT', formatAdifLocation(fields.lat, 'lat'));
  if (fields.lon !== null) put('LON', formatAdifLocation(fields.lon, 'lon'));
  put('GRIDSQUARE', fields.gridSquare);
  put('CONTEST_ID', fields.contestName);
  put('STATION_CALLSIGN', fields.details?.STATION_CALLSIGN ?? stationCallsign);
  const details = fields.details;
  if (details) {
    for (const name in details) put(name, details[name]!);
  }
  put(ADIF_APP_RADIO_MODE, fields.radioMode);
  put(ADIF_APP_QSO_ORIGIN, fields.qsoOrigin);
  if (fields.isRunQso === 1) put(ADIF_APP_RUN, '1');
  const extra = fields.extra;
  if (extra) {
    for (const name in extra) {
      if (out[name] === undefined) put(name, extra[name]!);
    }
  }
  return out;
}
