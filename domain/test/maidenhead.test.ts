import { describe, expect, it } from 'vitest';
import { gridSquareCenter, isValidGridSquare, normaliseGridSquare } from '../src/maidenhead';

describe('Maidenhead locators', () => {
  it('accepts 2, 4, 6 and 8 characters in the conventional case', () => {
    expect(normaliseGridSquare('FN')).toBe('FN');
    expect(normaliseGridSquare('fn31')).toBe('FN31');
    expect(normaliseGridSquare('FN31PR')).toBe('FN31pr');
    expect(normaliseGridSquare(' jo62qm55 ')).toBe('JO62qm55');
    expect(normaliseGridSquare('')).toBe('');
    expect(isValidGridSquare('IO91wm')).toBe(true);
  });

  it('rejects anything else', () => {
    for (const bad of ['F', 'FN3', 'FN31P', 'SN31', 'FN31YA', 'FN31pr5', 'FN31pr555', '12AB', 'FN 31']) {
      expect(normaliseGridSquare(bad), bad).toBeNull();
    }
    expect(isValidGridSquare('')).toBe(false);
  });

  it('gives the centre of a square', () => {
    const w1aw = gridSquareCenter('FN31pr');
    expect(w1aw?.lat).toBeCloseTo(41.729, 2);
    expect(w1aw?.lon).toBeCloseTo(-72.708, 2);
    expect(gridSquareCenter('JJ00')).toEqual({ lat: 0.5, lon: 1 });
    expect(gridSquareCenter('nope')).toBeNull();
  });
});
