import { describe, expect, it } from 'vitest';
import { parseCtyDat } from '../src/dxcc/cty-parser';

const SAMPLE = `United States:            05:  08:  NA:   37.60:    91.87:     5.0:  K:
    K,W,=N2NL/MM(7),
    W0(4)[7],=K1ABC<40.50/75.25>{SA}~6.0~(3)[6];
Sicily:                   15:  28:  EU:   37.50:   -14.00:    -1.0:  *IT9:
    IT9,=IW0HBY/9;
`;

describe('parseCtyDat', () => {
  const cty = parseCtyDat(SAMPLE);

  it('reads entities, turning positive-west longitudes and offsets east-positive', () => {
    expect(cty.entities).toEqual([
      { name: 'United States', cqZone: 5, ituZone: 8, continent: 'NA', lat: 37.6, lon: -91.87, utcOffset: -5, primaryPrefix: 'K', waeOnly: false },
      { name: 'Sicily', cqZone: 15, ituZone: 28, continent: 'EU', lat: 37.5, lon: 14, utcOffset: 1, primaryPrefix: 'IT9', waeOnly: true },
    ]);
  });

  it('reads prefixes, exact calls and every kind of override', () => {
    expect(cty.entries).toEqual([
      { entity: 0, text: 'K', exact: false },
      { entity: 0, text: 'W', exact: false },
      { entity: 0, text: 'N2NL/MM', exact: true, overrides: { cqZone: 7 } },
      { entity: 0, text: 'W0', exact: false, overrides: { cqZone: 4, ituZone: 7 } },
      {
        entity: 0,
        text: 'K1ABC',
        exact: true,
        overrides: { lat: 40.5, lon: -75.25, continent: 'SA', utcOffset: -6, cqZone: 3, ituZone: 6 },
      },
      { entity: 1, text: 'IT9', exact: false },
      { entity: 1, text: 'IW0HBY/9', exact: true },
    ]);
  });

  it('refuses malformed files', () => {
    expect(() => parseCtyDat('Nowhere: 1: 2: EU: 0: 0: 0: X:\n    X1,X-2;\n')).toThrow(/bad entry/);
    expect(() => parseCtyDat('Nowhere: 1: 2: EU: 0: 0: 0: X:\n    X1\n')).toThrow(/closing/);
    expect(() => parseCtyDat('Nowhere: 1: 2\n    X1;\n')).toThrow(/bad entity line/);
    expect(() => parseCtyDat('Nowhere: 1: 2: EU: 0: 0: 0: X:\n    X1(3;\n')).toThrow(/bad overrides/);
  });
});
