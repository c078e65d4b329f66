/** Input rules of the logger form (spec sections 5 and 9). Pure functions. */

export const CALL_MIN = 3;
export const CALL_MAX = 20;
export const NAME_MAX = 100;
export const POWER_MAX = 4;
/** The server's limits (domain/src/qso/normalise-input.ts). */
export const REPORT_MAX = 10;
export const COMMENT_MAX = 500;
export const DEFAULT_FREQ_MHZ = '7.127';
export const DEFAULT_POWER = '100';

/** Callsign as typed: upper-cased, no spaces, at most 20 characters. */
export function normalizeCall(value: string): string {
  return value.toUpperCase().replace(/\s+/g, '').slice(0, CALL_MAX);
}

export function isValidCall(call: string): boolean {
  const c = call.trim();
  return c.length >= CALL_MIN && c.length <= CALL_MAX;
}

/**
 * Frequency as typed (MHz): digits and one decimal point. A second decimal point is
 * removed (the first one stays); a comma counts as a decimal point; other characters drop.
 */
export function sanitizeFreq(value: string): string {
  const cleaned = value.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const first = cleaned.indexOf('.');
  if (first < 0) return cleaned;
  return cleaned.slice(0, first + 1) + cleaned.slice(first + 1).replace(/\./g, '');
}

/** Power in watts: only digits kept, at most 4. */
export function sanitizePower(value: string): string {
  return value.replace(/\D/g, '').slice(0, POWER_MAX);
}

export function sanitizeName(value: string): string {
  return value.slice(0, NAME_MAX);
}

export function isCw(mode: string): boolean {
  return mode.trim().toUpperCase() === 'CW';
}

/** The default signal report: 599 for CW, 59 otherwise. */
export function defaultReport(mode: string): string {
  return isCw(mode) ? '599' : '59';
}

/** A report after the mode changed: switching to CW turns 59 into 599, away from CW 599 into 59. */
export function reportAfterModeChange(report: string, mode: string): string {
  const r = report.trim();
  if (isCw(mode) && r === '59') return '599';
  if (!isCw(mode) && r === '599') return '59';
  return report;
}
