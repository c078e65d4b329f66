import type { QsoFields } from '../qso/fields';

/** A contact's fields for a test: a 20 m CW QSO with K1ABC on 2025-11-29 12:00 UTC, changed by `overrides`. */
export function qsoFields(overrides: Partial<QsoFields> = {}): QsoFields {
  return {
    ts: '2025-11-29T12:00:00Z',
    call: 'K1ABC',
    freqHz: 14_025_000,
    band: '20m',
    mode: 'CW',
    subMode: '',
    name: '',
    snt: '599',
    rcv: '599',
    comment: '',
    power: '',
    dxcc: 291,
    continent: 'NA',
    country: 'United States of America',
    lat: null,
    lon: null,
    cqZone: null,
    ituZone: null,
    gridSquare: '',
    radioMode: '',
    qsoDuration: 0,
    qsoOrigin: '',
    isRunQso: 0,
    contestName: '',
    ...overrides,
  };
}
