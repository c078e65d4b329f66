import { describe, expect, it } from 'vitest';
// The one place the client reaches into domain/ for more than types: a test, never bundled.
import { modeOptions } from '../../../../../domain/src/modes';
import { MODE_OPTIONS } from './mode-options';

describe('the client copy of the mode list', () => {
  it('equals domain/src/modes.ts modeOptions() (regenerate: npx tsx web/scripts/generate-mode-options.ts)', () => {
    expect(MODE_OPTIONS).toEqual(modeOptions());
  });

  it('is the ADIF enumeration: about 235 entries, each value once, sub-modes after their parent', () => {
    expect(MODE_OPTIONS.length).toBeGreaterThan(200);
    expect(new Set(MODE_OPTIONS.map((o) => o.value)).size).toBe(MODE_OPTIONS.length);
    let parent = '';
    for (const o of MODE_OPTIONS) {
      if (o.isSubMode) expect(o.mode).toBe(parent);
      else parent = o.value;
    }
  });
});
