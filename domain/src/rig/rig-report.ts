/**
 * A companion app's rig report (POST /api/radio, the Cloudlog/Wavelog call) checked and made exact.
 * Like Cloudlog, a report without a frequency or power leaves the last known one in place
 * (null here), and satellite programs' uplink_freq / uplink_mode stand in for frequency / mode.
 * Numbers may arrive as numbers or as text; the frequency is integer Hz, never a float.
 */
import { MAX_FREQUENCY_HZ, parseScaledDecimal } from '../frequency';
import * as m from '../messages';
import { normaliseRigMode, RIG_MODE_MAX_LENGTH } from './rig-mode';

export const RIG_NAME_MAX_LENGTH = 50;
export const RIG_POWER_MAX_WATTS = 10_000;
/** Operating mode codes 0 (QRT) to 8 (CQ DX); see the specification's state section. */
export const OP_MODE_MAX = 8;

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
}

export type RigReportResult = { ok: true; report: RigReport } | { ok: false; errors: Record<string, string[]> };

/** Cloudlog clients send the text 'NULL' (or '') for a value they do not have. */
function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && (value.trim() === '' || value.trim().toUpperCase() === 'NULL'));
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

export function parseRigReport(body: Record<string, unknown>): RigReportResult {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);

  const radio = body.radio;
  let rigName = '';
  if (typeof radio === 'string' || typeof radio === 'number') rigName = String(radio).trim();
  if (rigName === '') fail('radio', m.RADIO_NAME_MISSING);
  else if (rigName.length > RIG_NAME_MAX_LENGTH) fail('radio', m.RADIO_NAME_TOO_LONG);

  const freqField = isAbsent(body.frequency) && !isAbsent(body.uplink_freq) ? 'uplink_freq' : 'frequency';
  let freqHz: number | null = null;
  if (!isAbsent(body[freqField])) {
    const hz = frequencyHz(body[freqField]);
    if (hz === undefined) fail(freqField, m.RADIO_FREQUENCY_INVALID);
    else freqHz = hz;
  }

  const modeField = isAbsent(body.mode) && !isAbsent(body.uplink_mode) ? 'uplink_mode' : 'mode';
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

  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, report: { rigName, freqHz, mode, power, opMode } };
}
