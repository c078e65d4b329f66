import { describe, expect, it } from 'vitest';
import { chooseMode, dropdownEntries, MODE_OPTIONS, parseModeOptions, valueForMode } from './modes';

describe('mode and sub-mode choice', () => {
  it('has the short list', () => {
    expect(parseModeOptions().map((o) => o.name)).toEqual([
      'SSB', 'LSB', 'USB', 'CW', 'AM', 'FM', 'FT8', 'FT4', 'RTTY', 'SSTV',
    ]);
  });

  it('sends a sub-mode under its parent mode', () => {
    expect(chooseMode('LSB')).toEqual({ mode: 'SSB', subMode: 'LSB' });
    expect(chooseMode('SSB/USB')).toEqual({ mode: 'SSB', subMode: 'USB' });
  });

  it('clears the sub-mode when a parent is chosen', () => {
    expect(chooseMode('SSB')).toEqual({ mode: 'SSB', subMode: '' });
    expect(chooseMode('CW')).toEqual({ mode: 'CW', subMode: '' });
  });

  it('follows the dashes of an ADIF-style list', () => {
    const adif = ['MFSK', '-FT4', '-JS8', 'PSK', '--PSK31', 'SSB', '-LSB'];
    expect(chooseMode('FT4', adif)).toEqual({ mode: 'MFSK', subMode: 'FT4' });
    expect(chooseMode('PSK31', adif)).toEqual({ mode: 'PSK', subMode: 'PSK31' });
    expect(chooseMode('lsb', adif)).toEqual({ mode: 'SSB', subMode: 'LSB' });
  });

  it('maps a stored pair back to the dropdown, keeping unknown modes', () => {
    expect(valueForMode({ mode: 'SSB', subMode: 'LSB' })).toBe('SSB/LSB');
    expect(valueForMode({ mode: 'CW', subMode: '' })).toBe('CW');
    const entries = dropdownEntries({ mode: 'OLIVIA', subMode: '' }, MODE_OPTIONS);
    expect(entries.at(-1)).toMatchObject({ value: 'OLIVIA' });
    expect(dropdownEntries({ mode: 'CW', subMode: '' })).toHaveLength(MODE_OPTIONS.length);
  });
});
