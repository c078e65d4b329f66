/**
 * Exact decimal arithmetic on strings, for frequencies. MHz <-> kHz is a shift of the
 * decimal point, never a float multiplication (7.127 * 1000 is 7126.999999999999).
 */

interface Decimal {
  negative: boolean;
  /** Digits before the point, no leading zeros ('' for zero). */
  int: string;
  /** Digits after the point, no trailing zeros. */
  frac: string;
}

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?$/;

function normalize(negative: boolean, int: string, frac: string): Decimal {
  const i = int.replace(/^0+/, '');
  const f = frac.replace(/0+$/, '');
  return { negative: negative && (i !== '' || f !== ''), int: i, frac: f };
}

/** Parse '7.127', '.5', '14', '-3.0'. Returns null for anything else (including ''). */
export function parseDecimal(text: string): Decimal | null {
  const m = DECIMAL_TEXT.exec(text.trim());
  if (!m) return null;
  const int = m[2] ?? '';
  const frac = m[3] ?? '';
  if (int === '' && frac === '') return null;
  return normalize(m[1] === '-', int, frac);
}

/** The exact decimal value of a JS number (as printed by JS: shortest round-trip form). */
export function decimalFromNumber(n: number): Decimal | null {
  if (!Number.isFinite(n)) return null;
  const text = String(n);
  const exp = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exp) return parseDecimal(text);
  const d = normalize(exp[1] === '-', exp[2] ?? '', exp[3] ?? '');
  return shift(d, Number(exp[4]));
}

/** Multiply by 10^places (negative places divide). */
export function shift(d: Decimal, places: number): Decimal {
  let int = d.int;
  let frac = d.frac;
  if (places > 0) {
    const padded = frac.padEnd(places, '0');
    int += padded.slice(0, places);
    frac = padded.slice(places);
  } else if (places < 0) {
    const n = -places;
    const padded = int.padStart(n, '0');
    frac = padded.slice(padded.length - n) + frac;
    int = padded.slice(0, padded.length - n);
  }
  return normalize(d.negative, int, frac);
}

/** Plain text without exponent: '14074', '14.074', '0.5', '0'. */
export function formatDecimal(d: Decimal, minFractionDigits = 0): string {
  const frac = d.frac.padEnd(minFractionDigits, '0');
  const body = `${d.int || '0'}${frac ? `.${frac}` : ''}`;
  return d.negative ? `-${body}` : body;
}

/** Round half away from zero to exactly `decimals` fraction digits. */
export function toFixedDecimal(d: Decimal, decimals: number): string {
  if (d.frac.length <= decimals) return formatDecimal(d, decimals);
  const roundUp = (d.frac[decimals] ?? '0') >= '5';
  let digits = (d.int || '0') + d.frac.slice(0, decimals);
  if (roundUp) {
    const arr = digits.split('');
    let i = arr.length - 1;
    while (i >= 0) {
      if (arr[i] === '9') {
        arr[i] = '0';
        i--;
      } else {
        arr[i] = String(Number(arr[i]) + 1);
        break;
      }
    }
    digits = (i < 0 ? '1' : '') + arr.join('');
  }
  const intLen = digits.length - decimals;
  const int = digits.slice(0, intLen).replace(/^0+(?=\d)/, '');
  const frac = digits.slice(intLen);
  const isZero = /^0*$/.test(int + frac);
  const body = decimals > 0 ? `${int}.${frac}` : int;
  return d.negative && !isZero ? `-${body}` : body;
}

/**
 * A frequency typed in MHz ('7.127') as kHz, exactly: 7127. Returns null when the text is
 * not a non-negative decimal number.
 */
export function mhzToKhz(mhz: string): number | null {
  const text = mhzToKhzText(mhz);
  return text === null ? null : Number(text);
}

/** Like mhzToKhz, as decimal text ('14074.123'). */
export function mhzToKhzText(mhz: string): string | null {
  const d = parseDecimal(mhz);
  if (!d || d.negative) return null;
  return formatDecimal(shift(d, 3));
}

/** kHz (number or numeric text) as MHz with a fixed number of decimals: 14074 -> '14.074000'. */
export function khzToMhz(khz: number | string | null | undefined, decimals = 6): string {
  const d = toDecimal(khz);
  return d ? toFixedDecimal(shift(d, -3), decimals) : '';
}

/** kHz as MHz for an input field: at least 3 decimals, no trailing noise: 14074 -> '14.074'. */
export function khzToMhzInput(khz: number | string | null | undefined): string {
  const d = toDecimal(khz);
  return d ? formatDecimal(shift(d, -3), 3) : '';
}

function toDecimal(value: number | string | null | undefined): Decimal | null {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'number' ? decimalFromNumber(value) : parseDecimal(value);
}
