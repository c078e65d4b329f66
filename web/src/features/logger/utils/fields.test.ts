import { describe, expect, it } from 'vitest';
import { DEFAULT_FREQ_MHZ, isValidCall, normalizeCall, reportAfterModeChange, sanitizeFreq, sanitizeName, sanitizePower } from './fields';

describe('logger field input', () => {
  it('upper-cases the callsign as typed, without spaces, at most 20 characters', () => {
    expect(normalizeCall('k1abc')).toBe('K1ABC');
    expect(normalizeCall('ea8/k1abc/p')).toBe('EA8/K1ABC/P');
    expect(normalizeCall(' g 4 abc ')).toBe('G4ABC');
    expect(normalizeCall('a'.repeat(25))).toHaveLength(20);
  });

  it('accepts callsigns of 3 to 20 characters', () => {
    expect(isValidCall('K1')).toBe(false);
    expect(isValidCall('K1A')).toBe(true);
    expect(isValidCall('A'.repeat(20))).toBe(true);
    expect(isValidCall('A'.repeat(21))).toBe(false);
  });

  it('keeps digits and one decimal point in the frequency (a comma is one)', () => {
    expect(sanitizeFreq('7.127')).toBe('7.127');
    expect(sanitizeFreq('7.127.')).toBe('7.127');
    expect(sanitizeFreq('7.12.7')).toBe('7.127');
    expect(sanitizeFreq('14,074')).toBe('14.074');
    expect(sanitizeFreq('14.07a4')).toBe('14.074');
    expect(sanitizeFreq('')).toBe('');
    expect(DEFAULT_FREQ_MHZ).toBe('7.127');
  });

  it('keeps only digits in power, at most 4', () => {
    expect(sanitizePower('100')).toBe('100');
    expect(sanitizePower('100W')).toBe('100');
    expect(sanitizePower('1.5')).toBe('15');
    expect(sanitizePower('123456')).toBe('1234');
  });

  it('limits the name to 100 characters', () => {
    expect(sanitizeName('x'.repeat(150))).toHaveLength(100);
  });

  it('lets a default report follow the mode, and keeps a typed one', () => {
    expect(reportAfterModeChange('59', 'CW')).toBe('599');
    expect(reportAfterModeChange('599', 'SSB')).toBe('59');
    expect(reportAfterModeChange('59', 'SSB')).toBe('59');
    expect(reportAfterModeChange('57', 'CW')).toBe('57');
    expect(reportAfterModeChange('579', 'FM')).toBe('579');
    expect(reportAfterModeChange('-10', 'FT8')).toBe('-10');
  });
});
