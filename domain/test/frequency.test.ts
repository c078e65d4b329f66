import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FREQUENCY_HZ,
  MAX_FREQUENCY_HZ,
  formatKhz,
  formatMhz,
  hzToKhz,
  parseKhzToHz,
  parseMhzToHz,
  parseScaledDecimal,
  removeExtraDecimalPoints,
} from '../src/frequency';

describe('parseKhzToHz', () => {
  it('turns kHz numbers and text into exact integer Hz', () => {
    expect(parseKhzToHz(14074)).toBe(14_074_000);
    expect(parseKhzToHz('14074')).toBe(14_074_000);
    expect(parseKhzToHz('14074.5')).toBe(14_074_500);
    expect(parseKhzToHz(14074.123)).toBe(14_074_123);
    expect(parseKhzToHz('14074.123')).toBe(14_074_123);
    expect(parseKhzToHz(7127)).toBe(DEFAULT_FREQUENCY_HZ);
    expect(parseKhzToHz(' 3573.1 ')).toBe(3_573_100);
    expect(parseKhzToHz('135.7')).toBe(135_700);
    expect(parseKhzToHz(10368100.001)).toBe(10_368_100_001);
    expect(parseKhzToHz('1.4074e4')).toBe(14_074_000);
  });

  it('does not lose digits the way binary floats do', () => {
    // 1.009 * 1000 is 1008.9999999999999 in floating point; truncating it would lose a Hz.
    expect(1.009 * 1000).not.toBe(1009);
    expect(parseKhzToHz(1.009)).toBe(1009);
    expect(parseKhzToHz('2.031')).toBe(2031);
    expect(parseKhzToHz(14074.123)).toBe(14_074_123);
    expect(parseKhzToHz(0.1 + 0.2)).toBe(300); // 0.30000000000000004 kHz rounds to 300 Hz
    expect(parseKhzToHz('28074.999')).toBe(28_074_999);
  });

  it('rounds digits below 1 Hz to the nearest Hz', () => {
    expect(parseKhzToHz('7127.000001')).toBe(7_127_000);
    expect(parseKhzToHz('7127.0005')).toBe(7_127_001);
    expect(parseKhzToHz('7127.00049')).toBe(7_127_000);
  });

  it('rejects negative, non-numeric, empty and absurd values', () => {
    for (const bad of [-1, '-14074', Number.NaN, Number.POSITIVE_INFINITY, '', '  ', 'abc', '14,074', '14074kHz', '1.2.3', '.', '1e', '--1']) {
      expect(parseKhzToHz(bad), String(bad)).toBeNull();
    }
    expect(parseKhzToHz(300_000_000)).toBe(MAX_FREQUENCY_HZ);
    expect(parseKhzToHz(300_000_000.001)).toBeNull();
    expect(parseKhzToHz('1e300')).toBeNull();
    expect(parseKhzToHz(0)).toBe(0);
  });
});

describe('Hz to kHz and MHz', () => {
  it('gives the API kHz number exactly', () => {
    expect(hzToKhz(14_074_123)).toBe(14074.123);
    expect(String(hzToKhz(14_074_123))).toBe('14074.123');
    expect(hzToKhz(7_127_000)).toBe(7127);
    expect(hzToKhz(135_700)).toBe(135.7);
  });

  it('formats MHz with 6 decimals', () => {
    expect(formatMhz(14_074_000)).toBe('14.074000');
    expect(formatMhz(7_127_000)).toBe('7.127000');
    expect(formatMhz(14_074_123)).toBe('14.074123');
    expect(formatMhz(135_700)).toBe('0.135700');
    expect(formatMhz(10_368_100_001)).toBe('10368.100001');
    expect(formatMhz(0)).toBe('0.000000');
    expect(() => formatMhz(1.5)).toThrow(RangeError);
  });

  it('formats kHz text without float noise', () => {
    expect(formatKhz(14_074_123)).toBe('14074.123');
    expect(formatKhz(7_000_000)).toBe('7000');
    expect(formatKhz(14_074_500)).toBe('14074.5');
  });
});

describe('MHz from the logger form', () => {
  it('removes a second decimal point as the logger does', () => {
    expect(removeExtraDecimalPoints('14.074.5')).toBe('14.0745');
    expect(removeExtraDecimalPoints('7.127.5')).toBe('7.1275');
    expect(removeExtraDecimalPoints('7.1.2.7')).toBe('7.127');
    expect(removeExtraDecimalPoints('14074')).toBe('14074');
  });

  it('parses MHz text into exact Hz', () => {
    expect(parseMhzToHz('14.074')).toBe(14_074_000);
    expect(parseMhzToHz('14.074.5')).toBe(14_074_500);
    expect(parseMhzToHz('7.127.5')).toBe(7_127_500);
    expect(hzToKhz(parseMhzToHz('7.127.5')!) / 1000).toBe(7.1275);
    expect(parseMhzToHz('7.127')).toBe(7_127_000);
    expect(parseMhzToHz('14.0741234')).toBe(14_074_123);
    expect(parseMhzToHz(50.313)).toBe(50_313_000);
    // 1.005 * 1000 is 1004.9999999999999 in floating point: the decimal point is shifted, never multiplied.
    expect(parseMhzToHz('1.005')).toBe(1_005_000);
    expect(parseMhzToHz('14.0002')).toBe(14_000_200);
    expect(parseMhzToHz('.5')).toBe(500_000);
    expect(parseMhzToHz('007.0300')).toBe(7_030_000);
    expect(parseMhzToHz('')).toBeNull();
    expect(parseMhzToHz('-7.1')).toBeNull();
    expect(parseMhzToHz('seven')).toBeNull();
    expect(parseMhzToHz('300001')).toBeNull();
  });
});

describe('parseScaledDecimal', () => {
  it('scales and rounds half away from zero', () => {
    expect(parseScaledDecimal('1.2345', 3)).toBe(1235n);
    expect(parseScaledDecimal('-1.2345', 3)).toBe(-1235n);
    expect(parseScaledDecimal('1.2344', 3)).toBe(1234n);
    expect(parseScaledDecimal('.5', 0)).toBe(1n);
    expect(parseScaledDecimal('5.', 1)).toBe(50n);
    expect(parseScaledDecimal('2E-3', 3)).toBe(2n);
    expect(parseScaledDecimal('', 3)).toBeNull();
    expect(parseScaledDecimal('1e99999', 3)).toBeNull();
  });
});
