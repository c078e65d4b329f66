import { describe, expect, it } from 'vitest';
import { khzToMhz, khzToMhzInput, mhzToKhz, mhzToKhzText } from './decimal';

describe('mhzToKhz (exact, no float multiply)', () => {
  it.each([
    ['7.127', 7127],
    ['14.074', 14074],
    ['14.0741', 14074.1],
    ['0.1357', 135.7],
    ['1.8', 1800],
    ['28', 28000],
    ['.5', 500],
    ['144.300', 144300],
    ['10489.55', 10489550],
    ['007.0300', 7030],
    ['3.5735', 3573.5],
  ])('%s MHz -> %s kHz', (mhz, khz) => {
    expect(mhzToKhz(mhz)).toBe(khz);
  });

  it('gets right what floats get wrong', () => {
    expect(1.005 * 1000).not.toBe(1005); // the trap: 1004.9999999999999
    expect(mhzToKhz('1.005')).toBe(1005);
    expect(14.0002 * 1000).not.toBe(14000.2);
    expect(mhzToKhz('14.0002')).toBe(14000.2);
    expect(mhzToKhz('14.0004')).toBe(14000.4);
  });

  it('keeps sub-kHz digits as decimal text', () => {
    expect(mhzToKhzText('14.074123')).toBe('14074.123');
    expect(mhzToKhzText('0.0001')).toBe('0.1');
    expect(mhzToKhzText('7')).toBe('7000');
  });

  it('rejects what is not a frequency', () => {
    for (const bad of ['', '.', 'abc', '7.1.2', '-7', '1e3', ' ']) expect(mhzToKhz(bad)).toBeNull();
  });
});

describe('khzToMhz (6 decimals, exact)', () => {
  it.each([
    [14074, '14.074000'],
    [7127, '7.127000'],
    [135.7, '0.135700'],
    [10489550, '10489.550000'],
    [14074.1235, '14.074124'],
    [0, '0.000000'],
    ['3573.5', '3.573500'],
    [1e21, '1000000000000000000.000000'],
  ])('%s kHz -> %s MHz', (khz, mhz) => {
    expect(khzToMhz(khz)).toBe(mhz);
  });

  it('rounds half up across digits', () => {
    expect(khzToMhz(9999.9999995)).toBe('10.000000');
    expect(khzToMhz(0.0004)).toBe('0.000000');
  });

  it('gives empty text for missing values', () => {
    expect(khzToMhz(null)).toBe('');
    expect(khzToMhz(undefined)).toBe('');
    expect(khzToMhz(Number.NaN)).toBe('');
  });

  it('formats for the input field with at least 3 decimals', () => {
    expect(khzToMhzInput(14074)).toBe('14.074');
    expect(khzToMhzInput(7000)).toBe('7.000');
    expect(khzToMhzInput(14074.1)).toBe('14.0741');
  });

  it('round-trips MHz text through kHz', () => {
    for (const mhz of ['7.127', '14.074', '0.1357', '50.313', '432.0655']) {
      expect(khzToMhzInput(mhzToKhz(mhz))).toBe(mhz);
    }
  });
});
