/**
 * The logger form's input behaviour (spec sections 5 and 9): what a keystroke leaves in a field.
 * The limits and rules themselves are the domain's ('@hamlog/domain/qso/field-limits', '/frequency',
 * '/modes'); the server checks them again.
 */
import { DEFAULT_FREQUENCY_KHZ, removeExtraDecimalPoints } from '@hamlog/domain/frequency';
import { CALLSIGN_MAX_LENGTH, CALLSIGN_MIN_LENGTH, NAME_MAX_LENGTH, POWER_MAX_DIGITS } from '@hamlog/domain/qso/field-limits';
import { defaultReportForMode } from '@hamlog/domain/modes';
import { khzToMhzInput } from '../../../utils/frequency';

export const DEFAULT_FREQ_MHZ = khzToMhzInput(DEFAULT_FREQUENCY_KHZ);
/** The spec allows 0 or 100; the form starts at 100. */
export const DEFAULT_POWER = '100';

/** Callsign as typed: upper-cased, no spaces, at most 20 characters. */
export function normalizeCall(value: string): string {
  return value.toUpperCase().replace(/\s+/g, '').slice(0, CALLSIGN_MAX_LENGTH);
}

/** Long enough to search and save (3 to 20 characters); the server also checks the characters. */
export function isValidCall(call: string): boolean {
  const c = call.trim();
  return c.length >= CALLSIGN_MIN_LENGTH && c.length <= CALLSIGN_MAX_LENGTH;
}

/**
 * Frequency as typed (MHz): digits and one decimal point. A comma counts as a decimal point and
 * other characters drop; then the domain's rule removes every decimal point after the first.
 */
export function sanitizeFreq(value: string): string {
  return removeExtraDecimalPoints(value.replace(/,/g, '.').replace(/[^\d.]/g, ''));
}

/** Power in watts: only digits kept, at most 4. */
export function sanitizePower(value: string): string {
  return value.replace(/\D/g, '').slice(0, POWER_MAX_DIGITS);
}

export function sanitizeName(value: string): string {
  return value.slice(0, NAME_MAX_LENGTH);
}

/** A report after the mode changed: a default report follows the mode (59 ↔ 599); a typed one stays. */
export function reportAfterModeChange(report: string, mode: string): string {
  const r = report.trim();
  const otherDefault = defaultReportForMode(mode) === '599' ? '59' : '599';
  return r === otherDefault ? defaultReportForMode(mode) : report;
}
