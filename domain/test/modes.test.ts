import { describe, expect, it } from 'vitest';
import {
  adifModes,
  currentModes,
  defaultReportForMode,
  isCurrentMode,
  isKnownMode,
  isKnownSubMode,
  modeOptions,
  parentModeOf,
  resolveModeChoice,
} from '../src/modes';

describe('ADIF modes', () => {
  it('reads every mode, marking deprecated ones', () => {
    expect(adifModes()).toHaveLength(90);
    expect(currentModes()).toEqual(expect.arrayContaining(['AM', 'CW', 'FM', 'SSB', 'SSTV', 'FT8', 'MFSK', 'RTTY', 'PSK', 'DIGITALVOICE']));
    expect(currentModes()).not.toContain('PSK31');
    expect(currentModes()).not.toContain('C4FM');
    expect(isKnownMode('PSK31')).toBe(true); // deprecated: still accepted (imports)
    expect(isCurrentMode('PSK31')).toBe(false);
    expect(isKnownMode('ssb')).toBe(true);
    expect(isKnownMode('USB')).toBe(false); // a sub-mode, not a mode
    expect(isKnownMode('VOODOO')).toBe(false);
  });

  it('knows sub-modes and their parent', () => {
    expect(parentModeOf('LSB')).toBe('SSB');
    expect(parentModeOf('usb')).toBe('SSB');
    expect(parentModeOf('FT4')).toBe('MFSK');
    expect(parentModeOf('DMR')).toBe('DIGITALVOICE');
    expect(parentModeOf('PSK31')).toBe('PSK');
    expect(parentModeOf('VARA HF')).toBe('DYNAMIC'); // listed only in modes.tsv
    expect(parentModeOf('MFSK128')).toBe('MFSK');
    expect(parentModeOf('MFSK128L')).toBe('MFSK'); // 'MFSK128 MFSK128L' in modes.tsv lacks a comma
    expect(parentModeOf('SSB')).toBeNull();
    expect(isKnownSubMode('USB', 'SSB')).toBe(true);
    expect(isKnownSubMode('USB')).toBe(true);
    expect(isKnownSubMode('USB', 'CW')).toBe(false);
    expect(isKnownSubMode('PCW', 'CW')).toBe(true);
    expect(isKnownSubMode('NOPE')).toBe(false);
  });
});

describe('modeOptions (the logger dropdown)', () => {
  const options = modeOptions();

  it('lists each current mode followed by its sub-modes', () => {
    const ssb = options.findIndex((o) => o.value === 'SSB');
    expect(options[ssb]).toEqual({ value: 'SSB', isSubMode: false, mode: 'SSB' });
    expect(options[ssb + 1]).toEqual({ value: 'LSB', isSubMode: true, mode: 'SSB' });
    expect(options[ssb + 2]).toEqual({ value: 'USB', isSubMode: true, mode: 'SSB' });
    expect(options[ssb + 3]?.isSubMode).toBe(false);
    let parent = '';
    for (const option of options) {
      if (!option.isSubMode) parent = option.value;
      else expect(option.mode).toBe(parent);
    }
  });

  it('offers about 235 entries, no deprecated mode as a mode, no entry twice', () => {
    expect(options.length).toBeGreaterThan(220);
    expect(options.length).toBeLessThan(260);
    expect(options.filter((o) => !o.isSubMode).every((o) => isCurrentMode(o.value))).toBe(true);
    expect(new Set(options.map((o) => o.value)).size).toBe(options.length);
    for (const mode of ['AM', 'CW', 'FM', 'SSB', 'LSB', 'USB', 'SSTV', 'FT8', 'FT4', 'RTTY', 'PSK31', 'JS8', 'DMR', 'C4FM', 'OLIVIA 8/250'])
      expect(options.map((o) => o.value)).toContain(mode);
  });
});

describe('resolveModeChoice', () => {
  it('a sub-mode sets Mode to its parent and SubMode to the choice', () => {
    expect(resolveModeChoice('USB')).toEqual({ Mode: 'SSB', SubMode: 'USB' });
    expect(resolveModeChoice('LSB')).toEqual({ Mode: 'SSB', SubMode: 'LSB' });
    expect(resolveModeChoice('FT4')).toEqual({ Mode: 'MFSK', SubMode: 'FT4' });
    expect(resolveModeChoice('ft4')).toEqual({ Mode: 'MFSK', SubMode: 'FT4' });
  });

  it('a parent mode clears SubMode', () => {
    expect(resolveModeChoice('SSB')).toEqual({ Mode: 'SSB', SubMode: '' });
    expect(resolveModeChoice('CW')).toEqual({ Mode: 'CW', SubMode: '' });
    expect(resolveModeChoice('FT8')).toEqual({ Mode: 'FT8', SubMode: '' });
  });

  it('a deprecated mode becomes its current form; unknown gives null', () => {
    expect(resolveModeChoice('PSK31')).toEqual({ Mode: 'PSK', SubMode: 'PSK31' });
    expect(resolveModeChoice('C4FM')).toEqual({ Mode: 'DIGITALVOICE', SubMode: 'C4FM' });
    expect(resolveModeChoice('WSPR')).toEqual({ Mode: 'WSPR', SubMode: '' });
    expect(resolveModeChoice('')).toBeNull();
    expect(resolveModeChoice('SMOKE')).toBeNull();
  });

  it('defaults reports to 599 for CW and 59 otherwise', () => {
    expect(defaultReportForMode('CW')).toBe('599');
    expect(defaultReportForMode('SSB')).toBe('59');
    expect(defaultReportForMode('FT8')).toBe('59');
  });
});
