import { describe, expect, it } from 'vitest';
import { dxccEntries, dxccLabel, parseDxcc, withChosen } from './dxcc-options';

const entity = (adif: number, name: string) => ({ adif, name, cont: 'NA', latitude: 0, longitude: 0, cqz: 5 });

describe('DXCC dropdown', () => {
  it('shows the name and the 3-digit zero-padded ADIF number', () => {
    expect(dxccLabel('United States', 291)).toBe('United States 291');
    expect(dxccLabel('Canada', 1)).toBe('Canada 001');
  });

  it('sorts by name and lists each entity once', () => {
    const entries = dxccEntries([entity(291, 'United States'), entity(1, 'Canada'), entity(291, 'United States'), entity(0, 'None')]);
    expect(entries).toEqual([
      { adif: 1, label: 'Canada 001' },
      { adif: 291, label: 'United States 291' },
    ]);
  });

  it('keeps a chosen entity the list lacks, and reads the select value', () => {
    expect(withChosen([], 230, 'Fed. Rep. of Germany')).toEqual([{ adif: 230, label: 'Fed. Rep. of Germany 230' }]);
    expect(withChosen([{ adif: 230, label: 'x' }], 230, '')).toHaveLength(1);
    expect(parseDxcc('')).toBeNull();
    expect(parseDxcc('291')).toBe(291);
    expect(parseDxcc('0')).toBeNull();
  });
});
