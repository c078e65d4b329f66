/**
 * The rules a contact must meet before it is logged or updated: a client's QsoInput (kHz, loose
 * types from JSON) becomes exact QsoFields, or field errors under the API's field names.
 */
import type { QsoInput } from '../api-types';
import { bandForHz } from '../bands';
import { dxccEntity, dxccEntityName, isKnownDxcc } from '../dxcc/entities';
import { resolveCallsign } from '../dxcc/resolve-callsign';
import { DEFAULT_FREQUENCY_HZ, parseKhzToHz } from '../frequency';
import { normaliseGridSquare } from '../maidenhead';
import * as m from '../messages';
import { defaultReportForMode, isKnownMode, isCurrentMode, isKnownSubMode, parentModeOf, resolveModeChoice } from '../modes';
import { parseUtcTimestamp, toUtcSeconds } from '../time';
import type { QsoFields } from './fields';
import {
  CALLSIGN_MAX_LENGTH,
  CALLSIGN_MIN_LENGTH,
  COMMENT_MAX_LENGTH,
  CONTEST_NAME_MAX_LENGTH,
  COUNTRY_MAX_LENGTH,
  DEFAULT_MODE,
  NAME_MAX_LENGTH,
  POWER_MAX_DIGITS,
  QSO_ORIGIN_MAX_LENGTH,
  RADIO_MODE_MAX_LENGTH,
  REPORT_MAX_LENGTH,
} from './field-limits';

// The limits live in field-limits.ts (the client imports them without the DXCC data); re-exported here
// so that '@hamlog/domain' and 'qso/index' keep offering them.
export * from './field-limits';
export const CONTINENTS = ['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA'] as const;
/** A contact may be logged at most this far ahead of the server's clock (clock skew). */
export const MAX_FUTURE_MS = 24 * 60 * 60 * 1000;
/** The earliest contact time taken. */
export const EARLIEST_TS = Date.UTC(1900, 0, 1);

export type QsoInputResult = { ok: true; fields: QsoFields } | { ok: false; errors: Record<string, string[]> };

type Errors = Record<string, string[]>;

function addError(errors: Errors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

function isBlank(value: unknown): value is undefined | null | '' {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Trimmed text of a string or number; '' for blank; null (and an error) for anything else. */
function text(errors: Errors, field: string, value: unknown): string {
  if (isBlank(value)) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  addError(errors, field, m.FIELD_MUST_BE_TEXT(field));
  return '';
}

function limited(errors: Errors, field: string, value: unknown, max: number, message: string): string {
  const result = text(errors, field, value);
  if (result.length > max) addError(errors, field, message);
  return result;
}

/** A number from a number or numeric text; undefined for blank; NaN for garbage. */
function numeric(value: unknown): number | undefined {
  if (isBlank(value)) return undefined;
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(value.trim())) return Number(value.trim());
  return Number.NaN;
}

const CALL_CHARACTERS = /^[A-Z0-9/]+$/;

/** What is wrong with an upper-case, trimmed callsign; null when nothing. */
export function callsignProblem(call: string): string | null {
  if (call === '') return m.CALL_REQUIRED;
  if (call.length < CALLSIGN_MIN_LENGTH || call.length > CALLSIGN_MAX_LENGTH) return m.CALL_LENGTH;
  return CALL_CHARACTERS.test(call) ? null : m.CALL_CHARACTERS;
}

function callsign(errors: Errors, value: unknown): string {
  const call = text(errors, 'Call', value).toUpperCase();
  const problem = callsignProblem(call);
  if (problem !== null) addError(errors, 'Call', problem);
  return call;
}

function timestamp(errors: Errors, value: unknown, now: Date): string {
  if (isBlank(value)) return toUtcSeconds(now);
  const date = typeof value === 'string' ? parseUtcTimestamp(value) : null;
  if (date === null || date.getTime() < EARLIEST_TS) {
    addError(errors, 'TS', m.TS_INVALID);
    return '';
  }
  if (date.getTime() > now.getTime() + MAX_FUTURE_MS) addError(errors, 'TS', m.TS_IN_FUTURE);
  return toUtcSeconds(date);
}

function frequency(errors: Errors, value: unknown): { freqHz: number; band: string } {
  let freqHz: number | null = DEFAULT_FREQUENCY_HZ;
  if (!isBlank(value)) {
    freqHz = typeof value === 'number' || typeof value === 'string' ? parseKhzToHz(value) : null;
    if (freqHz === null) {
      addError(errors, 'Freq', m.FREQ_INVALID);
      return { freqHz: 0, band: '' };
    }
  }
  const band = bandForHz(freqHz);
  if (band === null) addError(errors, 'Freq', m.FREQ_OUTSIDE_BANDS);
  return { freqHz, band: band ?? '' };
}

function modeAndSubMode(errors: Errors, modeValue: unknown, subModeValue: unknown): { mode: string; subMode: string } {
  const mode = text(errors, 'Mode', modeValue).toUpperCase() || DEFAULT_MODE;
  const subMode = text(errors, 'SubMode', subModeValue).toUpperCase();
  if (isKnownMode(mode)) {
    // A deprecated mode that is now a sub-mode (PSK31, JT65A) is stored the current way.
    if (!isCurrentMode(mode) && subMode === '') {
      const choice = resolveModeChoice(mode);
      if (choice) return { mode: choice.Mode, subMode: choice.SubMode };
    }
    if (subMode !== '' && !isKnownSubMode(subMode, mode)) addError(errors, 'SubMode', m.SUBMODE_UNKNOWN);
    return { mode, subMode };
  }
  // A sub-mode sent as the mode (USB, FT4): Mode becomes its parent.
  const parent = parentModeOf(mode);
  if (parent !== null && (subMode === '' || subMode === mode)) return { mode: parent, subMode: mode };
  addError(errors, 'Mode', m.MODE_UNKNOWN);
  return { mode, subMode };
}

function power(errors: Errors, value: unknown): string {
  const result = text(errors, 'Power', value);
  if (result !== '' && !new RegExp(`^\\d{1,${POWER_MAX_DIGITS}}$`).test(result)) addError(errors, 'Power', m.POWER_INVALID);
  return result;
}

function wholeNumber(errors: Errors, field: string, value: unknown, message: string, allowed: (n: number) => boolean): number {
  const n = numeric(value);
  if (n === undefined) return 0;
  if (!Number.isSafeInteger(n) || !allowed(n)) {
    addError(errors, field, message);
    return 0;
  }
  return n;
}

function isRunQso(errors: Errors, value: unknown): number {
  if (value === true) return 1;
  if (value === false) return 0;
  return wholeNumber(errors, 'IsRunQSO', value, m.IS_RUN_QSO_INVALID, (n) => n === 0 || n === 1);
}

function optionalNumber(errors: Errors, field: string, value: unknown, message: string, allowed: (n: number) => boolean): number | undefined {
  const n = numeric(value);
  if (n === undefined) return undefined;
  if (!Number.isFinite(n) || !allowed(n)) {
    addError(errors, field, message);
    return undefined;
  }
  return n;
}

export type QsoLocation = Pick<QsoFields, 'dxcc' | 'country' | 'continent' | 'lat' | 'lon' | 'cqZone' | 'ituZone'>;

const NO_LOCATION: QsoLocation = { dxcc: 0, country: '', continent: '', lat: null, lon: null, cqZone: null, ituZone: null };

/** The entity from the call, unless the client chose one (the logger's DXCC dropdown): then that one wins. */
export function derivedLocation(call: string, chosenDxcc: number | undefined): QsoLocation {
  const fromCall = call ? resolveCallsign(call) : null;
  const callLocation: QsoLocation =
    fromCall && fromCall.dxcc !== 0
      ? { dxcc: fromCall.dxcc, country: fromCall.country, continent: fromCall.continent, lat: fromCall.lat, lon: fromCall.lon, cqZone: fromCall.cqZone, ituZone: fromCall.ituZone }
      : NO_LOCATION;
  if (chosenDxcc === undefined || chosenDxcc === callLocation.dxcc) return callLocation;
  const entity = dxccEntity(chosenDxcc);
  if (entity) {
    return { dxcc: entity.adif, country: entity.name, continent: entity.cont, lat: entity.latitude, lon: entity.longitude, cqZone: entity.cqz, ituZone: entity.ituz };
  }
  return { ...NO_LOCATION, dxcc: chosenDxcc, country: dxccEntityName(chosenDxcc) ?? '' };
}

function location(errors: Errors, input: QsoInput, call: string): QsoLocation {
  const dxccNumber = numeric(input.dxcc);
  let chosen: number | undefined;
  if (dxccNumber !== undefined && dxccNumber !== 0) {
    if (Number.isSafeInteger(dxccNumber) && isKnownDxcc(dxccNumber)) chosen = dxccNumber;
    else addError(errors, 'dxcc', m.DXCC_UNKNOWN);
  }
  const derived = derivedLocation(errors.Call ? '' : call, chosen);
  const continent = text(errors, 'Continent', input.Continent).toUpperCase();
  if (continent !== '' && !(CONTINENTS as readonly string[]).includes(continent)) addError(errors, 'Continent', m.CONTINENT_INVALID);
  const country = limited(errors, 'country', input.country, COUNTRY_MAX_LENGTH, m.COUNTRY_TOO_LONG);
  const lat = optionalNumber(errors, 'LAT', input.LAT, m.LAT_INVALID, (n) => n >= -90 && n <= 90);
  const lon = optionalNumber(errors, 'LON', input.LON, m.LON_INVALID, (n) => n >= -180 && n <= 180);
  const cqZone = optionalNumber(errors, 'cq_zone', input.cq_zone, m.CQ_ZONE_INVALID, (n) => Number.isInteger(n) && n >= 1 && n <= 40);
  const ituZone = optionalNumber(errors, 'ZN', input.ZN, m.ITU_ZONE_INVALID, (n) => Number.isInteger(n) && n >= 1 && n <= 90);
  return {
    dxcc: derived.dxcc,
    // A known entity is always shown by its own name; without one, the client's text is kept.
    country: derived.dxcc !== 0 ? derived.country : country,
    continent: continent || derived.continent,
    lat: lat ?? derived.lat,
    lon: lon ?? derived.lon,
    cqZone: cqZone ?? derived.cqZone,
    ituZone: ituZone ?? derived.ituZone,
  };
}

/** Checks and normalises a contact; `now` is used when TS is absent and to refuse far-future times. */
export function normaliseQsoInput(input: QsoInput, now: Date): QsoInputResult {
  const errors: Errors = {};
  const source = (input ?? {}) as QsoInput;
  const call = callsign(errors, source.Call);
  const ts = timestamp(errors, source.TS, now);
  const { freqHz, band } = frequency(errors, source.Freq);
  const { mode, subMode } = modeAndSubMode(errors, source.Mode, source.SubMode);
  const defaultReport = defaultReportForMode(mode);
  const fields: QsoFields = {
    ts,
    call,
    freqHz,
    band,
    mode,
    subMode,
    name: limited(errors, 'Name', source.Name, NAME_MAX_LENGTH, m.NAME_TOO_LONG),
    snt: limited(errors, 'SNT', source.SNT, REPORT_MAX_LENGTH, m.SNT_TOO_LONG) || defaultReport,
    rcv: limited(errors, 'RCV', source.RCV, REPORT_MAX_LENGTH, m.RCV_TOO_LONG) || defaultReport,
    comment: limited(errors, 'Comment', source.Comment, COMMENT_MAX_LENGTH, m.COMMENT_TOO_LONG),
    power: power(errors, source.Power),
    ...location(errors, source, call),
    gridSquare: '',
    radioMode: limited(errors, 'radio_mode', source.radio_mode, RADIO_MODE_MAX_LENGTH, m.RADIO_MODE_TOO_LONG),
    qsoDuration: wholeNumber(errors, 'qso_duration', source.qso_duration, m.QSO_DURATION_INVALID, (n) => n >= 0),
    qsoOrigin: limited(errors, 'qso_origin', source.qso_origin, QSO_ORIGIN_MAX_LENGTH, m.QSO_ORIGIN_TOO_LONG),
    isRunQso: isRunQso(errors, source.IsRunQSO),
    contestName: limited(errors, 'ContestName', source.ContestName, CONTEST_NAME_MAX_LENGTH, m.CONTEST_NAME_TOO_LONG),
  };
  const grid = normaliseGridSquare(text(errors, 'GridSquare', source.GridSquare));
  if (grid === null) addError(errors, 'GridSquare', m.GRID_SQUARE_INVALID);
  else fields.gridSquare = grid;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, fields };
}
