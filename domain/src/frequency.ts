/**
 * Frequencies, exactly. They are held as integer Hz; the API carries kHz (a number), the logger's
 * form shows MHz with 6 decimals. Decimal text is converted digit by digit, never through a
 * binary float, so 14074.123 kHz is 14074123 Hz exactly.
 */

/** Nothing above 300 GHz is a radio frequency a logbook should hold. */
export const MAX_FREQUENCY_HZ = 300_000_000_000;
/** The logger's default frequency: 7.127 MHz. */
export const DEFAULT_FREQUENCY_KHZ = 7127;
export const DEFAULT_FREQUENCY_HZ = 7_127_000;

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * Parses decimal text into an integer count of 10^-scale units (scale 3: thousandths), rounding
 * half away from zero at that unit. Accepts an exponent ('1.4e4'). Returns null for anything else.
 */
export function parseScaledDecimal(text: string, scale: number): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = '', exponentText] = match;
  if (whole === '' && fraction === '') return null;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 400) return null;
  let value = BigInt(whole + fraction || '0');
  const shift = scale + exponent - fraction.length;
  if (shift >= 0) {
    value *= 10n ** BigInt(shift);
  } else {
    const divisor = 10n ** BigInt(-shift);
    const quotient = value / divisor;
    value = (value % divisor) * 2n >= divisor ? quotient + 1n : quotient;
  }
  return sign === '-' ? -value : value;
}

/** The shortest decimal text of a finite number (the digits a person typed), or null. */
function numberText(value: number): string | null {
  return Number.isFinite(value) ? String(value) : null;
}

function toHz(value: bigint | null): number | null {
  if (value === null || value < 0n || value > BigInt(MAX_FREQUENCY_HZ)) return null;
  return Number(value);
}

/**
 * A kHz value (number, or numeric text such as '14074', '14074.5') as integer Hz; digits below
 * 1 Hz are rounded. Null for empty, negative, non-numeric or absurd (> 300 GHz) values.
 */
export function parseKhzToHz(input: number | string): number | null {
  const text = typeof input === 'number' ? numberText(input) : input;
  if (text === null || text.trim() === '') return null;
  return toHz(parseScaledDecimal(text, 3));
}

/** The logger removes every decimal point after the first: '14.074.5' → '14.0745'. */
export function removeExtraDecimalPoints(text: string): string {
  const first = text.indexOf('.');
  if (first < 0) return text;
  return text.slice(0, first + 1) + text.slice(first + 1).replace(/\./g, '');
}

/** MHz text from the logger's form (a second decimal point removed) as integer Hz, or null. */
export function parseMhzToHz(input: string | number): number | null {
  const text = typeof input === 'number' ? numberText(input) : removeExtraDecimalPoints(input.trim());
  if (text === null || text === '') return null;
  return toHz(parseScaledDecimal(text, 6));
}

/** Hz as the API's kHz number: 14074123 → 14074.123 (the nearest double prints exactly so). */
export function hzToKhz(hz: number): number {
  return hz / 1000;
}

/** Hz as decimal kHz text without float noise: 14074123 → '14074.123', 7127000 → '7127'. */
export function formatKhz(hz: number): string {
  return formatScaled(hz, 3).replace(/\.?0+$/, '');
}

/** Hz as MHz text with 6 decimals, as the logbook shows it: 14074000 → '14.074000'. */
export function formatMhz(hz: number): string {
  return formatScaled(hz, 6);
}

function formatScaled(hz: number, scale: number): string {
  if (!Number.isSafeInteger(hz) || hz < 0) throw new RangeError(`not a frequency in Hz: ${hz}`);
  const digits = String(hz).padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}
