import { describe, expect, it } from 'vitest';
import { countryLabel, modeLabel, stationPath } from './qso-format';

describe('QSO display', () => {
  it('shows the sub-mode when present', () => {
    expect(modeLabel('SSB', 'LSB')).toBe('SSB (LSB)');
    expect(modeLabel('CW', '')).toBe('CW');
    expect(modeLabel('FT8', null)).toBe('FT8');
  });

  it('shows dxcc number and country', () => {
    expect(countryLabel(291, 'United States')).toBe('291 United States');
    expect(countryLabel(0, '')).toBe('');
    expect(countryLabel(null, 'Spain')).toBe('Spain');
  });

  it('escapes a slash in a callsign path', () => {
    expect(stationPath('EA8/K1ABC')).toBe('/EA8%2FK1ABC');
  });
});
