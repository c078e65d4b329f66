import { describe, expect, it } from 'vitest';
import {
  defaultReport,
  isValidCall,
  normalizeCall,
  reportAfterModeChange,
  sanitizeFreq,
  sanitizeName,
  sanitizePower,
} from './fields';

describe('logger field rules', () => {
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

  it('removes a second decimal point from the frequency', () => {
    expect(sanitizeFreq('7.127')).toBe('7.127');
    expect(sanitizeFreq('7.127.')).toBe('7.127');
    expect(sanitizeFreq('7.12.7')).toBe('7.127');
    expect(sanitizeFreq('14,074')).toBe('14.074');
    expect(sanitizeFreq('14.07a4')).toBe('14.074');
    expect(sanitizeFreq('')).toBe('');
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

  it('uses 599 for CW and 59 otherwise', () => {
    expect(defaultReport('CW')).toBe('599');
    expect(defaultReport('SSB')).toBe('59');
    expect(reportAfterModeChange('59', 'CW')).toBe('599');
    expect(reportAfterModeChange('599', 'SSB')).toBe('59');
    expect(reportAfterModeChange('57', 'CW')).toBe('57');
    expect(reportAfterModeChange('579', 'FM')).toBe('579');
    expect(reportAfterModeChange('-10', 'FT8')).toBe('-10');
  });
});
