import { describe, expect, it } from 'vitest';
import { modeOptions } from '@hamlog/domain/modes';
import { chooseMode, dropdownEntries, isListedMode, QUICK_MODES, valueForMode } from './modes';

describe('mode and sub-mode choice', () => {
  it('sets Mode to the parent and SubMode to a chosen sub-mode (the domain rule)', () => {
    expect(chooseMode('USB')).toEqual({ mode: 'SSB', subMode: 'USB' });
    expect(chooseMode('lsb')).toEqual({ mode: 'SSB', subMode: 'LSB' });
    expect(chooseMode('FT4')).toEqual({ mode: 'MFSK', subMode: 'FT4' });
    expect(chooseMode('C4FM')).toEqual({ mode: 'DIGITALVOICE', subMode: 'C4FM' });
  });

  it('clears SubMode when a parent mode is chosen', () => {
    expect(chooseMode('SSB')).toEqual({ mode: 'SSB', subMode: '' });
    expect(chooseMode('CW')).toEqual({ mode: 'CW', subMode: '' });
    expect(chooseMode('FT8')).toEqual({ mode: 'FT8', subMode: '' });
  });

  it('offers the quick buttons from the list', () => {
    for (const m of QUICK_MODES) expect(isListedMode(m)).toBe(true);
  });

  it('shows sub-modes with a dash under their parent', () => {
    const entries = dropdownEntries({ mode: 'SSB', subMode: '' });
    expect(entries).toHaveLength(modeOptions().length);
    const ssb = entries.findIndex((e) => e.value === 'SSB');
    expect(entries.slice(ssb, ssb + 3).map((e) => e.label)).toEqual(['SSB', '-LSB', '-USB']);
  });

  it('maps a stored pair back to the dropdown, keeping pairs the list lacks', () => {
    expect(valueForMode({ mode: 'SSB', subMode: 'USB' })).toBe('USB');
    expect(valueForMode({ mode: 'CW', subMode: '' })).toBe('CW');
    expect(valueForMode({ mode: 'SSB', subMode: 'SSB' })).toBe('SSB');
    const odd = { mode: 'SSB', subMode: 'FT4' };
    const entries = dropdownEntries(odd);
    expect(entries.at(-1)).toEqual({ value: 'SSB|FT4', label: 'SSB (FT4)', isSubMode: false });
    expect(chooseMode(valueForMode(odd))).toEqual(odd);
    expect(dropdownEntries({ mode: 'NEWMODE', subMode: '' }).at(-1)?.value).toBe('NEWMODE');
  });
});
