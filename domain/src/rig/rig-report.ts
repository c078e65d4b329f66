/**
 * A companion app's rig report (POST /api/radio, the Cloudlog/Wavelog call) checked and made exact.
 * Like Cloudlog, a report without a frequency or power leaves the last known one in place
 * (null here), and satellite programs' uplink_freq / uplink_mode stand in for frequency / mode.
 * Numbers may arrive as numbers or as text; the frequency is integer Hz, never a float.
 *
 * Our own companion apps may also send ptt, azimuth, elevation, activation_type, activation_ref,
 * streaming and prop_mode. Cloudlog programs never do, so these describe the moment of the report
 * only: an app that knows them sends them every time, and a report without them leaves them
 * unknown (absent from the report) rather than keeping an old PTT or heading.
 */
import { MAX_FREQUENCY_HZ, parseScaledDecimal } from '../frequency';
import * as m from '../messages';
import { normaliseRigMode, RIG_MODE_MAX_LENGTH } from './rig-mode';

export const RIG_NAME_MAX_LENGTH = 50;
export const RIG_POWER_MAX_WATTS = 10_000;
/** Operating mode codes 0 (QRT) to 8 (CQ DX); see the specification's state section. */
export const OP_MODE_MAX = 8;
export const ACTIVATION_TYPE_MAX_LENGTH = 20;
export const ACTIVATION_REF_MAX_LENGTH = 30;
export const PROP_MODE_MAX_LENGTH = 10;
/** ADIF's Propagation Mode enumeration (ADIF 3.1.5). */
export const PROP_MODES = [
  'AS', 'AUE', 'AUR', 'BS', 'ECH', 'EME', 'ES', 'F2', 'FAI', 'GWAVE', 'INTERNET', 'ION', 'IRL', 'LOS', 'MS', 'RPT', 'RS', 'SAT', 'TEP', 'TR',
] as const;
const PROP_MODE_SET: ReadonlySet<string> = new Set(PROP_MODES);

export interface RigReport {
  rigName: string;
  /** null: not reported, keep the last known frequency. */
  freqHz: number | null;
  /** ADIF mode or sub-mode name where obvious (normaliseRigMode); '' when not reported. */
  mode: string;
  /** Watts; null: not reported. */
  power: number | null;
  /** null: not reported. */
  opMode: number | null;
  /** The fields below are absent when not reported (see above). True while transmitting. */
  ptt?: boolean;
  /** Antenna heading in degrees, 0 to 360. */
  azimuth?: number;
  /** Antenna elevation in degrees, -90 to 90. */
  elevation?: number;
  /** Upper-cased program name, e.g. POTA, SOTA, WWFF, IOTA. */
  activationType?: string;
  /** Upper-cased reference, e.g. US-1234. */
  activationRef?: string;
  /** Streaming video of the station. */
  streaming?: boolean;
  /** ADIF propagation mode, e.g. SAT. */
  propMode?: string;
}

/** The report's fields that describe only its moment (absent: unknown), in events as they are in the report. */
export const RIG_MOMENT_FIELDS = ['ptt', 'azimuth', 'elevation', 'activationType', 'activationRef', 'streaming', 'propMode'] as const;
export type RigMoment = Pick<RigReport, (typeof RIG_MOMENT_FIELDS)[number]>;

export type RigReportResult = { ok: true; report: RigReport } | { ok: false; errors: Record<string, string[]> };

/** Cloudlog clients send the text 'NULL' (or '') for a value they do not have. */
function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && (value.trim() === '' || value.trim().toUpperCase() === 'NULL'));
}

/** cloudlog-rigctl-interface sends uplink_freq, uplink_mode 0 without a satellite: no uplink. */
function hasUplink(value: unknown): boolean {
  return !isAbsent(value) && value !== 0 && value !== '0';
}

function decimalText(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  return typeof value === 'string' ? value.trim() : null;
}

function frequencyHz(value: unknown): number | null | undefined {
  const text = decimalText(value);
  const hz = text === null ? null : parseScaledDecimal(text, 0);
  if (hz === null || hz < 0n || hz > BigInt(MAX_FREQUENCY_HZ)) return undefined;
  return Number(hz);
}

function watts(value: unknown): number | undefined {
  const text = decimalText(value);
  if (text === null || !/^\+?(\d+\.?\d*|\.\d+)$/.test(text)) return undefined;
  const n = Number(text);
  return n <= RIG_POWER_MAX_WATTS ? n : undefined;
}

function opModeCode(value: unknown): number | undefined {
  const text = decimalText(value);
  if (text === null || !/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n <= OP_MODE_MAX ? n : undefined;
}

const TRUE_WORDS = new Set(['TRUE', '1', 'YES', 'ON']);
const FALSE_WORDS = new Set(['FALSE', '0', 'NO', 'OFF']);

function flag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  const word = decimalText(value)?.toUpperCase();
  if (word === undefined) return undefined;
  if (TRUE_WORDS.has(word)) return true;
  return FALSE_WORDS.has(word) ? false : undefined;
}

function degrees(value: unknown, min: number, max: number): number | undefined {
  const text = decimalText(value);
  if (text === null || !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}

function upperText(value: unknown, maxLength: number): string | undefined {
  const text = typeof value === 'string' ? value.trim().toUpperCase() : undefined;
  return text !== undefined && text.length <= maxLength ? text : undefined;
}

function propMode(value: unknown): string | undefined {
  const mode = upperText(value, PROP_MODE_MAX_LENGTH);
  return mode !== undefined && PROP_MODE_SET.has(mode) ? mode : undefined;
}

/** Only the moment fields that were reported (no keys holding undefined, so events stay small). */
export function reportedMoment(moment: RigMoment): RigMoment {
  const reported: RigMoment = {};
  for (const key of RIG_MOMENT_FIELDS) if (moment[key] !== undefined) Object.assign(reported, { [key]: moment[key] });
  return reported;
}

export function parseRigReport(body: Record<string, unknown>): RigReportResult {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);

  const radio = body.radio;
  let rigName = '';
  if (typeof radio === 'string' || typeof radio === 'number') rigName = String(radio).trim();
  if (rigName === '') fail('radio', m.RADIO_NAME_MISSING);
  else if (rigName.length > RIG_NAME_MAX_LENGTH) fail('radio', m.RADIO_NAME_TOO_LONG);

  const freqField = isAbsent(body.frequency) && hasUplink(body.uplink_freq) ? 'uplink_freq' : 'frequency';
  let freqHz: number | null = null;
  if (!isAbsent(body[freqField])) {
    const hz = frequencyHz(body[freqField]);
    if (hz === undefined) fail(freqField, m.RADIO_FREQUENCY_INVALID);
    else freqHz = hz;
  }

  const modeField = isAbsent(body.mode) && hasUplink(body.uplink_mode) ? 'uplink_mode' : 'mode';
  let mode = '';
  if (!isAbsent(body[modeField])) {
    const text = typeof body[modeField] === 'string' ? (body[modeField] as string).trim() : null;
    if (text === null || text.length > RIG_MODE_MAX_LENGTH) fail(modeField, m.RADIO_MODE_INVALID);
    else mode = normaliseRigMode(text);
  }

  let power: number | null = null;
  if (!isAbsent(body.power)) {
    const w = watts(body.power);
    if (w === undefined) fail('power', m.RADIO_POWER_INVALID);
    else power = w;
  }

  let opMode: number | null = null;
  if (!isAbsent(body.op_mode)) {
    const code = opModeCode(body.op_mode);
    if (code === undefined) fail('op_mode', m.RADIO_OP_MODE_INVALID);
    else opMode = code;
  }

  const read = <T>(field: string, reader: (value: unknown) => T | undefined, message: string): T | undefined => {
    if (isAbsent(body[field])) return undefined;
    const value = reader(body[field]);
    if (value === undefined) fail(field, message);
    return value;
  };
  const moment: RigMoment = {
    ptt: read('ptt', flag, m.RADIO_PTT_INVALID),
    azimuth: read('azimuth', (v) => degrees(v, 0, 360), m.RADIO_AZIMUTH_INVALID),
    elevation: read('elevation', (v) => degrees(v, -90, 90), m.RADIO_ELEVATION_INVALID),
    activationType: read('activation_type', (v) => upperText(v, ACTIVATION_TYPE_MAX_LENGTH), m.RADIO_ACTIVATION_TYPE_INVALID),
    activationRef: read('activation_ref', (v) => upperText(v, ACTIVATION_REF_MAX_LENGTH), m.RADIO_ACTIVATION_REF_INVALID),
    streaming: read('streaming', flag, m.RADIO_STREAMING_INVALID),
    propMode: read('prop_mode', propMode, m.RADIO_PROP_MODE_INVALID),
  };
  const report: RigReport = { rigName, freqHz, mode, power, opMode, ...reportedMoment(moment) };

  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, report };
}
