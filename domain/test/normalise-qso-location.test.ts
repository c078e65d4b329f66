/**
 * Each saved QSO gets dxcc, country, Continent, cq_zone, LAT and LON from its callsign (every
 * callsign form), and Band from its frequency (the ADIF band table).
 */
import { describe, expect, it } from 'vitest';
import * as m from '../src/messages';
import { normaliseQsoInput } from '../src/qso/normalise-input';
import type { QsoFields } from '../src/qso/fields';
import type { QsoInput } from '../src/api-types';

const NOW = new Date('2025-06-01T18:30:45Z');

function fields(input: QsoInput): QsoFields {
  const result = normaliseQsoInput(input, NOW);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.fields;
}

const location = (call: string) => {
  const f = fields({ Call: call });
  return { dxcc: f.dxcc, country: f.country, continent: f.continent, cqZone: f.cqZone, ituZone: f.ituZone, lat: f.lat, lon: f.lon };
};

describe('normaliseQsoInput: location from the callsign', () => {
  it('fills every location field from a plain call', () => {
    expect(location('W1AW')).toEqual({ dxcc: 291, country: 'United States of America', continent: 'NA', cqZone: 5, ituZone: 8, lat: 37.6, lon: -91.87 });
    expect(location('VK9XX')).toEqual({ dxcc: 35, country: 'Christmas Island', continent: 'OC', cqZone: 29, ituZone: 54, lat: -10.48, lon: 105.63 });
  });

  it('takes the entity of a prefix before or after the call', () => {
    const hawaii = { dxcc: 110, country: 'Hawaii', continent: 'OC', cqZone: 31, ituZone: 61, lat: 21.12, lon: -157.48 };
    expect(location('KH6/W1AW')).toEqual(hawaii);
    expect(location('W1AW/KH6')).toEqual(hawaii);
    expect(location('kh6/w1aw/p')).toEqual(hawaii);
  });

  it('keeps the entity for operating suffixes and moves only the zone for a call-area digit', () => {
    for (const call of ['W1AW/P', 'W1AW/M', 'W1AW/QRP', 'W1AW/A', 'W1AW/B', 'W1AW/LH']) expect(location(call), call).toEqual(location('W1AW'));
    expect(location('W1AW/6')).toMatchObject({ dxcc: 291, cqZone: 3, ituZone: 6 });
  });

  it('uses an exact call’s zone override', () => {
    expect(location('AD1C')).toMatchObject({ dxcc: 291, cqZone: 4, ituZone: 7 });
  });

  it('counts a WAE-only entity under its DXCC entity, with its own position', () => {
    expect(location('IT9ABC')).toEqual({ dxcc: 248, country: 'Italy', continent: 'EU', cqZone: 15, ituZone: 28, lat: 37.5, lon: 14 });
    expect(location('GM0AVR')).toEqual({ dxcc: 279, country: 'Scotland', continent: 'EU', cqZone: 14, ituZone: 27, lat: 60.5, lon: -1.5 });
  });

  it('stores entity 0 and no position for /MM and /AM', () => {
    const none = { dxcc: 0, country: '', continent: '', cqZone: null, ituZone: null, lat: null, lon: null };
    expect(location('W1AW/MM')).toEqual(none);
    expect(location('G3SXW/AM')).toEqual(none);
  });
});

describe('normaliseQsoInput: Band from the frequency', () => {
  it.each([
    [136, '2190m'],
    [475.5, '630m'],
    [1840, '160m'],
    [3573, '80m'],
    [5357, '60m'],
    [7074, '40m'],
    [10136, '30m'],
    [14074, '20m'],
    [18100, '17m'],
    [21074, '15m'],
    [24915, '12m'],
    [28074, '10m'],
    [50313, '6m'],
    [70200, '4m'],
    [144174, '2m'],
    [223500, '1.25m'],
    [432065, '70cm'],
    [1296200, '23cm'],
    [10368100, '3cm'],
    ['14000', '20m'],
    ['14350', '20m'],
  ])('%s kHz is %s', (freq, band) => {
    expect(fields({ Call: 'W1AW', Freq: freq }).band).toBe(band);
  });

  it('refuses a frequency between bands', () => {
    const result = normaliseQsoInput({ Call: 'W1AW', Freq: '14350.001' }, NOW);
    expect(result.ok ? null : result.errors.Freq).toEqual([m.FREQ_OUTSIDE_BANDS]);
  });
});
