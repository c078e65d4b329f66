import { describe, expect, it } from 'vitest';
import { dedupeKey, qsoIdFor } from '../src/qso/dedupe';
import { qsoFieldsToApi, sameQsoFields } from '../src/qso/fields';
import { sampleFields } from './support/qso-fixtures';

describe('qsoFieldsToApi', () => {
  it('maps fields to the API Qso, Freq in kHz', () => {
    expect(qsoFieldsToApi('q-1', 'W1AW', sampleFields())).toEqual({
      qdo_id: 'q-1',
      TS: '2025-06-01T18:30:12Z',
      Call: 'DL1ABC',
      station_callsign: 'W1AW',
      Freq: 14074.123,
      Band: '20m',
      Mode: 'MFSK',
      SubMode: 'FT4',
      Name: 'Hans',
      SNT: '-10',
      RCV: '-12',
      Comment: 'tnx',
      Power: '100',
      dxcc: 230,
      Continent: 'EU',
      country: 'Fed. Rep. of Germany',
      LAT: 51,
      LON: 10,
      cq_zone: 14,
      ZN: 28,
      GridSquare: 'JO62qm',
      radio_mode: 'USB',
      qso_duration: 42,
      qso_origin: 'LOGBAR',
      IsRunQSO: 1,
      ContestName: '',
      ContactType: '',
    });
  });

  it('compares field sets', () => {
    expect(sameQsoFields(sampleFields(), sampleFields())).toBe(true);
    expect(sameQsoFields(sampleFields(), sampleFields({ comment: 'changed' }))).toBe(false);
    expect(sameQsoFields(sampleFields(), sampleFields({ lat: null }))).toBe(false);
  });

  it('compares the extra ADIF fields by content, absent and empty alike', () => {
    const withExtra = (extra?: Record<string, string>) => sampleFields(extra ? { extra } : {});
    expect(sameQsoFields(withExtra({ STATE: 'MA', QSL_RCVD: 'Y' }), withExtra({ QSL_RCVD: 'Y', STATE: 'MA' }))).toBe(true);
    expect(sameQsoFields(withExtra({}), withExtra())).toBe(true);
    expect(sameQsoFields(withExtra({ STATE: 'MA' }), withExtra({ STATE: 'CT' }))).toBe(false);
    expect(sameQsoFields(withExtra({ STATE: 'MA' }), withExtra())).toBe(false);
    expect(sameQsoFields(withExtra(), withExtra({ STATE: 'MA' }))).toBe(false);
  });
});

describe('dedupeKey', () => {
  it('is station + CALL + UTC minute + band + mode', () => {
    expect(dedupeKey('user-1', sampleFields())).toBe('user-1|DL1ABC|2025-06-01T18:30|20m|MFSK');
  });

  it('ignores seconds, sub-mode, frequency within the band and other fields', () => {
    const key = dedupeKey('user-1', sampleFields());
    expect(dedupeKey('user-1', sampleFields({ ts: '2025-06-01T18:30:59Z', subMode: 'FT4', freqHz: 14_080_000, comment: 'x' }))).toBe(key);
    expect(dedupeKey('user-1', sampleFields({ call: 'dl1abc' }))).toBe(key);
  });

  it('differs by station, call, minute, band and mode', () => {
    const key = dedupeKey('user-1', sampleFields());
    expect(dedupeKey('user-2', sampleFields())).not.toBe(key);
    expect(dedupeKey('user-1', sampleFields({ call: 'DL2ABC' }))).not.toBe(key);
    expect(dedupeKey('user-1', sampleFields({ ts: '2025-06-01T18:31:00Z' }))).not.toBe(key);
    expect(dedupeKey('user-1', sampleFields({ band: '40m' }))).not.toBe(key);
    expect(dedupeKey('user-1', sampleFields({ mode: 'FT8', subMode: '' }))).not.toBe(key);
  });
});

describe('qsoIdFor', () => {
  const key = 'user-1|DL1ABC|2025-06-01T18:30|20m|MFSK';

  it('is a deterministic UUID with version 5 and RFC 4122 variant bits', () => {
    const id = qsoIdFor(key, 0);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(qsoIdFor(key, 0)).toBe(id);
  });

  it('differs per attempt and per key', () => {
    const ids = new Set([qsoIdFor(key, 0), qsoIdFor(key, 1), qsoIdFor(key, 2), qsoIdFor(`${key}x`, 0)]);
    expect(ids.size).toBe(4);
  });
});
