import { describe, expect, it } from 'vitest';
import { PREFERENCE_KEYS, preferenceEntries, readPreferences } from './preferences';

const from = (values: Record<string, string>) => (key: string) => values[key] ?? null;

describe('stored logger preferences', () => {
  it('round-trips the settings under the specification keys', () => {
    const entries = preferenceEntries({ freq: '14.074', mode: 'SSB', subMode: 'USB', power: '50', opMode: 2 }, true);
    const stored = Object.fromEntries(entries);
    expect(stored).toEqual({
      freq: '14.074',
      mode: 'SSB',
      SubMode: 'USB',
      selected_mode: 'USB',
      power: '50',
      op_mode: '2',
      cat_link_enabled: 'true',
    });
    expect(readPreferences(from(stored))).toEqual({ freq: '14.074', mode: 'SSB', subMode: 'USB', power: '50', opMode: 2, catLinkEnabled: true });
  });

  it('ignores what does not make sense, and leaves the contact to in-progress-contact', () => {
    const prefs = readPreferences(
      from({ freq: 'abc', mode: 'NOPE', power: '12345', op_mode: '42', cat_link_enabled: 'maybe', callsign: 'K1ABC', name: 'Joe' }),
    );
    expect(prefs).toEqual({ power: '1234' });
  });

  it('falls back to mode and SubMode without selected_mode', () => {
    expect(readPreferences(from({ [PREFERENCE_KEYS.mode]: 'SSB', [PREFERENCE_KEYS.subMode]: 'LSB' }))).toEqual({ mode: 'SSB', subMode: 'LSB' });
    expect(readPreferences(from({ [PREFERENCE_KEYS.mode]: 'CW', [PREFERENCE_KEYS.subMode]: 'LSB' }))).toEqual({ mode: 'CW', subMode: '' });
  });
});
