/**
 * An ADIF record as a contact (QsoFields) and back. The rules of the logger apply (the record
 * becomes a QsoInput for normaliseQsoInput); what ADIF carries beyond them goes to fields.extra.
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
import type { QsoInput } from '../api-types';
import { bandForHz, bands, normaliseBandName } from '../bands';
import { isKnownDxcc } from '../dxcc/entities';
import { MAX_FREQUENCY_HZ, formatKhz, formatMhz, parseScaledDecimal } from '../frequency';
import { normaliseGridSquare } from '../maidenhead';
import * as m from '../messages';
import { isCurrentMode, isKnownMode, isKnownSubMode, parentModeOf, resolveModeChoice } from '../modes';
import { serviceReportDetails } from '../qso/confirmation-report';
import { splitDetails } from '../qso/details';
import type { QsoFields } from '../qso/fields';
import {
  COMMENT_MAX_LENGTH,
  CONTEST_NAME_MAX_LENGTH,
  COUNTRY_MAX_LENGTH,
  NAME_MAX_LENGTH,
  POWER_MAX_DIGITS,
  QSO_ORIGIN_MAX_LENGTH,
  RADIO_MODE_MAX_LENGTH,
  REPORT_MAX_LENGTH,
} from '../qso/field-limits';
import { CONTINENTS, normaliseQsoInput } from '../qso/normalise-input';
import type { AdifRecord } from './reader';

const CONTINENT_SET: ReadonlySet<string> = new Set(CONTINENTS);

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

/** The API's field names in normaliseQsoInput's errors, as ADIF names. */
const ADIF_NAME_OF: Record<string, string> = {
  Call: 'CALL',
  TS: 'QSO_DATE/TIME_ON',
  Freq: 'FREQ',
  Mode: 'MODE',
  SubMode: 'SUBMODE',
  Name: 'NAME',
  SNT: 'RST_SENT',
  RCV: 'RST_RCVD',
  Comment: 'COMMENT',
  Power: 'TX_PWR',
  dxcc: 'DXCC',
  Continent: 'CONT',
  country: 'COUNTRY',
  LAT: 'LAT',
  LON: 'LON',
  cq_zone: 'CQZ',
  GridSquare: 'GRIDSQUARE',
  ContestName: 'CONTEST_ID',
  radio_mode: ADIF_APP_RADIO_MODE,
  qso_origin: ADIF_APP_QSO_ORIGIN,
  IsRunQSO: ADIF_APP_RUN,
  qso_duration: 'TIME_OFF',
};

const DATE = /^(\d{4})(\d{2})(\d{2})$/;
const TIME = /^(\d{2})(\d{2})(\d{2})?$/;
const WHOLE = /^\d+$/;
const LOCATION = /^([NSEW])\s*(\d{1,3})\s+(\d{1,2}(?:\.\d*)?)$/i;
const DECIMAL_DEGREES = /^[+-]?\d{1,3}(?:\.\d+)?$/;

const DAY_MS = 86_400_000;

// Location fields left empty (not derived from the call) because the record's value was unusable.
const BLANK_DXCC = 1;
const BLANK_CONTINENT = 2;
const BLANK_COUNTRY = 4;
const BLANK_LAT = 8;
const BLANK_LON = 16;
const BLANK_CQZONE = 32;
const BLANK_ITUZONE = 64;

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

function bandLowerHz(name: string): number {
  return bands().find((band) => band.name === name)?.lowerHz ?? 0;
}

function refused(record: AdifRecord, message: string): AdifQsoResult {
  return { ok: false, line: record.line, message };
}

function text(source: Record<string, string>, name: string): string {
  const value = source[name];
  return value === undefined ? '' : value.trim();
}

/** Keeps a value our fields cannot hold in extra, as read. */
function keep(extra: Record<string, string>, source: Record<string, string>, name: string): void {
  const value = source[name];
  if (value !== undefined && value !== '') extra[name] = value;
}

/** A text field within its limit; a longer one is kept in extra and the field left empty. */
function limited(extra: Record<string, string>, source: Record<string, string>, name: string, max: number): string {
  const value = text(source, name);
  if (value.length <= max) return value;
  keep(extra, source, name);
  return '';
}

/**
 * One record as a contact. `now` refuses far-future times, as the logger does. Refused: no CALL or
 * an invalid one, no or an invalid QSO_DATE/TIME_ON, neither a usable FREQ nor BAND. Everything else is imported, keeping what our fields cannot hold in extra.
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
  const input: QsoInput = { Call: text(source, 'CALL'), TS: `${date[0]}-${date[1]}-${date[2]}T${time[0]}:${time[1]}:${time[2]}Z` };

  // Frequency and band: the band follows the frequency; a BAND alone gives freqHz 0 (unknown).
  const freqText = text(source, 'FREQ');
  const bandText = text(source, 'BAND');
  const band = bandText === '' ? null : normaliseBandName(bandText);
  const hz = freqText === '' ? null : mhzToHz(freqText);
  const freqBand = hz === null ? null : bandForHz(hz);
  let bandOnly: string | null = null;
  if (hz !== null && freqBand !== null) {
    input.Freq = formatKhz(hz);
  } else if (band !== null) {
    if (freqText !== '') keep(extra, source, 'FREQ');
    bandOnly = band;
    input.Freq = formatKhz(bandLowerHz(band));
  } else if (freqText !== '') {
    // Unreadable MHz text must not be read as kHz by the logger's rules: it is refused as invalid.
    input.Freq = hz === null ? 'invalid' : formatKhz(hz);
  } else {
    return refused(record, bandText === '' ? m.ADIF_NO_FREQ_OR_BAND : m.adifFieldRefused('BAND', m.FREQ_OUTSIDE_BANDS));
  }

  // Mode: deprecated values in their current form; what ADIF does not know stays in extra.
  const modeText = text(source, 'MODE').toUpperCase();
  const subText = text(source, 'SUBMODE').toUpperCase();
  let mode = '';
  let subMode = '';
  if (modeText === '') {
    const parent = subText === '' ? null : parentModeOf(subText);
    if (parent !== null) [mode, subMode] = [parent, subText];
    else keep(extra, source, 'SUBMODE');
  } else if (isCurrentMode(modeText)) {
    mode = modeText;
    if (subText === '' || isKnownSubMode(subText, modeText)) subMode = subText;
    else keep(extra, source, 'SUBMODE');
  } else if (isKnownMode(modeText) || parentModeOf(modeText) !== null) {
    const choice = resolveModeChoice(modeText)!;
    mode = choice.Mode;
    if (subText === '' || subText === choice.SubMode) subMode = choice.SubMode;
    else if (isKnownSubMode(subText, choice.Mode)) subMode = subText;
    else {
      subMode = choice.SubMode;
      keep(extra, source, 'SUBMODE');
    }
  } else {
    keep(extra, source, 'MODE');
    keep(extra, source, 'SUBMODE');
  }
  if (mode !== '') {
    input.Mode = mode;
    input.SubMode = subMode;
  }

  const name = limited(extra, source, 'NAME', NAME_MAX_LENGTH);
  const snt = limited(extra, source, 'RST_SENT', REPORT_MAX_LENGTH);
  const rcv = limited(extra, source, 'RST_RCVD', REPORT_MAX_LENGTH);
  input.Name = name;
  input.SNT = snt;
  input.RCV = rcv;
  input.Comment = limited(extra, source, 'COMMENT', COMMENT_MAX_LENGTH);
  input.ContestName = limited(extra, source, 'CONTEST_ID', CONTEST_NAME_MAX_LENGTH);
  input.radio_mode = limited(extra, source, ADIF_APP_RADIO_MODE, RADIO_MODE_MAX_LENGTH);
  input.qso_origin = limited(extra, source, ADIF_APP_QSO_ORIGIN, QSO_ORIGIN_MAX_LENGTH);
  const run = text(source, ADIF_APP_RUN);
  if (run === '1' || run === '0') input.IsRunQSO = run;
  else keep(extra, source, ADIF_APP_RUN);

  const power = text(source, 'TX_PWR');
  const powerMatch = /^0*(\d+)(?:\.0*)?$/.exec(power);
  if (powerMatch && powerMatch[1]!.length <= POWER_MAX_DIGITS) input.Power = powerMatch[1]!;
  else keep(extra, source, 'TX_PWR');

  // Location: a value given wins over the one derived from the call; an unusable one stays in
  // extra and its field is left empty rather than derived.
  let blank = 0;
  const dxccText = text(source, 'DXCC');
  // DXCC 0: no entity (maritime mobile, ...): nothing is derived from the call.
  const noEntity = WHOLE.test(dxccText) && Number(dxccText) === 0;
  if (noEntity) keep(extra, source, 'DXCC');
  else if (dxccText !== '') {
    if (WHOLE.test(dxccText) && isKnownDxcc(Number(dxccText))) input.dxcc = Number(dxccText);
    else {
      keep(extra, source, 'DXCC');
      blank |= BLANK_DXCC;
    }
  }
  const cont = text(source, 'CONT').toUpperCase();
  if (cont !== '') {
    if (CONTINENT_SET.has(cont)) input.Continent = cont;
    else {
      keep(extra, source, 'CONT');
      blank |= BLANK_CONTINENT;
    }
  }
  const country = text(source, 'COUNTRY');
  if (country !== '') {
    if (country.length <= COUNTRY_MAX_LENGTH) input.country = country;
    else {
      keep(extra, source, 'COUNTRY');
      blank |= BLANK_COUNTRY;
    }
  }
  for (const [adif, axis] of [['LAT', 'lat'], ['LON', 'lon']] as const) {
    const location = text(source, adif);
    if (location === '') continue;
    const degrees = parseAdifLocation(location, axis);
    if (degrees === null) {
      keep(extra, source, adif);
      blank |= axis === 'lat' ? BLANK_LAT : BLANK_LON;
    } else input[adif] = degrees;
  }
  const cqz = text(source, 'CQZ');
  if (cqz !== '') {
    if (WHOLE.test(cqz) && Number(cqz) >= 1 && Number(cqz) <= 40) input.cq_zone = Number(cqz);
    else {
      keep(extra, source, 'CQZ');
      blank |= BLANK_CQZONE;
    }
  }
  const ituText = text(source, 'ITUZ');
  let ituZone: number | null | undefined;
  if (ituText !== '') {
    if (WHOLE.test(ituText) && Number(ituText) >= 1 && Number(ituText) <= 90) ituZone = Number(ituText);
    else {
      keep(extra, source, 'ITUZ');
      blank |= BLANK_ITUZONE;
    }
  }
  const gridText = text(source, 'GRIDSQUARE');
  if (gridText !== '') {
    if (normaliseGridSquare(gridText)) input.GridSquare = gridText;
    else keep(extra, source, 'GRIDSQUARE');
  }

  const result = normaliseQsoInput(input, now);
  if (!result.ok) {
    const message = Object.entries(result.errors)
      .map(([field, messages]) => m.adifFieldRefused(ADIF_NAME_OF[field] ?? field, messages.join(' ')))
      .join(' ');
    return refused(record, message);
  }
  const fields = result.fields;
  if (bandOnly !== null) {
    fields.freqHz = 0;
    fields.band = bandOnly;
  } else if (band !== null) {
    // The BAND given wins, also over a FREQ just outside it (the ADIF test file has 54.000001
    // MHz on 6m): both come back as read.
    fields.band = band;
  }
  if (mode === '') {
    fields.mode = '';
    fields.subMode = '';
  }
  // No report is invented for a record without one.
  fields.snt = snt;
  fields.rcv = rcv;
  if (noEntity) {
    fields.dxcc = 0;
    fields.country = typeof input.country === 'string' ? input.country : '';
    fields.continent = typeof input.Continent === 'string' ? input.Continent : '';
    fields.lat = typeof input.LAT === 'number' ? input.LAT : null;
    fields.lon = typeof input.LON === 'number' ? input.LON : null;
    fields.cqZone = typeof input.cq_zone === 'number' ? input.cq_zone : null;
    fields.ituZone = null;
  }
  if (ituZone !== undefined) fields.ituZone = ituZone;
  if (fields.lat !== null) fields.lat = onAdifGrid(fields.lat);
  if (fields.lon !== null) fields.lon = onAdifGrid(fields.lon);
  if (blank & BLANK_DXCC) fields.dxcc = 0;
  if (blank & BLANK_CONTINENT) fields.continent = '';
  if (blank & BLANK_COUNTRY) fields.country = '';
  if (blank & BLANK_LAT) fields.lat = null;
  if (blank & BLANK_LON) fields.lon = null;
  if (blank & BLANK_CQZONE) fields.cqZone = null;
  if (blank & BLANK_ITUZONE) fields.ituZone = null;

  fields.qsoDuration = duration(source, extra, date, time, timeText);
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
