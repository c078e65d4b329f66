import { describe, expect, it } from 'vitest';
import { khzToMhz, khzToMhzInput, mhzToKhz } from './frequency';

// The arithmetic is the domain's (domain/test/frequency.test.ts); these are the screens' forms of it.
describe('frequencies on screen', () => {
  it('shows the logbook MHz with 6 decimals, and nothing for a missing value', () => {
    expect(khzToMhz(14074)).toBe('14.074000');
    expect(khzToMhz('3573.5')).toBe('3.573500');
    expect(khzToMhz(0)).toBe('0.000000');
    for (const missing of [null, undefined, '', Number.NaN]) expect(khzToMhz(missing)).toBe('');
  });

  it('fills the Freq field with at least 3 decimals', () => {
    expect(khzToMhzInput(14074)).toBe('14.074');
    expect(khzToMhzInput(7000)).toBe('7.000');
    expect(khzToMhzInput(14074.1)).toBe('14.0741');
    expect(khzToMhzInput(14074.123)).toBe('14.074123');
    expect(khzToMhzInput(null)).toBe('');
  });

  it('sends the field as exact kHz and round-trips it', () => {
    expect(mhzToKhz('1.005')).toBe(1005);
    expect(mhzToKhz('14.0741')).toBe(14074.1);
    expect(mhzToKhz('')).toBeNull();
    for (const mhz of ['7.127', '14.074', '0.1357', '50.313', '432.0655']) expect(khzToMhzInput(mhzToKhz(mhz))).toBe(mhz);
  });
});
