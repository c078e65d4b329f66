import { sampleFields } from './support/qso-fixtures';
import { describe, expect, it } from 'vitest';
import type { QsoInput } from '../src/api-types';
import * as m from '../src/messages';
import { normaliseQsoInput } from '../src/qso/normalise-input';
import type { QsoFields } from '../src/qso/fields';

const NOW = new Date('2025-06-01T18:30:45.678Z');

function fields(input: QsoInput): QsoFields {
  const result = normaliseQsoInput(input, NOW);
  if (!result.ok) throw new Error(`expected valid input, got ${JSON.stringify(result.errors)}`);
  return result.fields;
}

function errors(input: QsoInput): Record<string, string[]> {
  const result = normaliseQsoInput(input, NOW);
  if (result.ok) throw new Error(`expected errors for ${JSON.stringify(input)}`);
  return result.errors;
}

describe('normaliseQsoInput: a typical logger upsert', () => {
  it('gives exact, complete fields', () => {
    expect(
      fields({
        Call: ' dl1abc ',
        TS: '2025-06-01T18:30:12.345Z',
        Freq: '14074.123',
        Mode: 'MFSK',
        SubMode: 'ft4',
        Name: ' Hans ',
        SNT: '-10',
        RCV: '-12',
        Comment: 'tnx',
        Power: '100',
        radio_mode: 'USB',
        qso_duration: '42',
        qso_origin: 'LOGBAR',
        IsRunQSO: 1,
        GridSquare: 'jo62QM',
        ContestName: '',
      }),
    ).toEqual(sampleFields());
  });

  it('fills defaults: now, 7127 kHz, SSB, 59 reports', () => {
    const f = fields({ Call: 'W1AW' });
    expect(f).toMatchObject({ ts: '2025-06-01T18:30:45Z', freqHz: 7_127_000, band: '40m', mode: 'SSB', subMode: '', snt: '59', rcv: '59' });
    expect(f).toMatchObject({ name: '', comment: '', power: '', qsoDuration: 0, qsoOrigin: '', isRunQso: 0, gridSquare: '', contestName: '' });
    expect(fields({ Call: 'W1AW', TS: '', Freq: '', Mode: '' })).toMatchObject({ ts: '2025-06-01T18:30:45Z', freqHz: 7_127_000, mode: 'SSB' });
  });

  it('defaults reports to 599 for CW', () => {
    expect(fields({ Call: 'W1AW', Mode: 'CW', Freq: 7030 })).toMatchObject({ snt: '599', rcv: '599' });
    expect(fields({ Call: 'W1AW', Mode: 'CW', Freq: 7030, SNT: '579' })).toMatchObject({ snt: '579', rcv: '599' });
  });
});

describe('normaliseQsoInput: Call', () => {
  it('is required, 3 to 20 characters of A-Z, 0-9 and /', () => {
    expect(errors({ Call: '' }).Call).toEqual([m.CALL_REQUIRED]);
    expect(errors({ Call: '   ' }).Call).toEqual([m.CALL_REQUIRED]);
    expect(errors({} as QsoInput).Call).toEqual([m.CALL_REQUIRED]);
    expect(errors({ Call: 'K1' }).Call).toEqual(['Callsign must be between 3 and 20 characters']);
    expect(errors({ Call: 'A'.repeat(21) }).Call).toEqual([m.CALL_LENGTH]);
    expect(errors({ Call: 'DL1-ABC' }).Call).toEqual([m.CALL_CHARACTERS]);
    expect(errors({ Call: 'DL1 ABC' }).Call).toEqual([m.CALL_CHARACTERS]);
    expect(fields({ Call: 'kh6/w1aw/p' }).call).toBe('KH6/W1AW/P');
    expect(fields({ Call: 'A'.repeat(3) + '1' }).call).toBe('AAA1');
  });
});

describe('normaliseQsoInput: TS', () => {
  it('accepts ISO forms as UTC and stores seconds precision', () => {
    expect(fields({ Call: 'W1AW', TS: '2025-01-01 12:00' }).ts).toBe('2025-01-01T12:00:00Z');
    expect(fields({ Call: 'W1AW', TS: '2025-01-01T12:00:00+02:00' }).ts).toBe('2025-01-01T10:00:00Z');
    expect(fields({ Call: 'W1AW', TS: '2025-01-01T12:00:59.999Z' }).ts).toBe('2025-01-01T12:00:59Z');
  });

  it('rejects invalid and far-future times', () => {
    expect(errors({ Call: 'W1AW', TS: 'tomorrow' }).TS).toEqual(["The contact's time must be a UTC date and time, like 2025-01-01T12:00:00Z."]);
    expect(errors({ Call: 'W1AW', TS: '2025-02-30T12:00:00Z' }).TS).toEqual([m.TS_INVALID]);
    expect(errors({ Call: 'W1AW', TS: '1899-12-31T23:59:59Z' }).TS).toEqual([m.TS_INVALID]);
    expect(errors({ Call: 'W1AW', TS: 12 as unknown as string }).TS).toEqual([m.TS_INVALID]);
    expect(errors({ Call: 'W1AW', TS: '2025-06-03T18:30:00Z' }).TS).toEqual([m.TS_IN_FUTURE]);
    expect(fields({ Call: 'W1AW', TS: '2025-06-02T00:00:00Z' }).ts).toBe('2025-06-02T00:00:00Z'); // clock skew is fine
  });
});

describe('normaliseQsoInput: Freq and Band', () => {
  it('takes kHz as a number or numeric text, exactly', () => {
    expect(fields({ Call: 'W1AW', Freq: 14074.123 })).toMatchObject({ freqHz: 14_074_123, band: '20m' });
    expect(fields({ Call: 'W1AW', Freq: '144174' })).toMatchObject({ freqHz: 144_174_000, band: '2m' });
    expect(fields({ Call: 'W1AW', Freq: '432065.5' })).toMatchObject({ freqHz: 432_065_500, band: '70cm' });
  });

  it('rejects bad values and frequencies outside the bands', () => {
    expect(errors({ Call: 'W1AW', Freq: 'fourteen' }).Freq).toEqual([m.FREQ_INVALID]);
    expect(errors({ Call: 'W1AW', Freq: -7000 }).Freq).toEqual([m.FREQ_INVALID]);
    expect(errors({ Call: 'W1AW', Freq: 1e12 }).Freq).toEqual([m.FREQ_INVALID]);
    expect(errors({ Call: 'W1AW', Freq: 12000 }).Freq).toEqual([m.FREQ_OUTSIDE_BANDS]);
    expect(errors({ Call: 'W1AW', Freq: 0 }).Freq).toEqual([m.FREQ_OUTSIDE_BANDS]);
  });
});

describe('normaliseQsoInput: Mode and SubMode', () => {
  it('accepts known modes with their sub-modes', () => {
    expect(fields({ Call: 'W1AW', Mode: 'ssb', SubMode: 'usb' })).toMatchObject({ mode: 'SSB', subMode: 'USB' });
    expect(fields({ Call: 'W1AW', Mode: 'FT8' })).toMatchObject({ mode: 'FT8', subMode: '' });
  });

  it('stores a sub-mode sent as the mode, and a deprecated mode, the current way', () => {
    expect(fields({ Call: 'W1AW', Mode: 'USB' })).toMatchObject({ mode: 'SSB', subMode: 'USB' });
    expect(fields({ Call: 'W1AW', Mode: 'FT4' })).toMatchObject({ mode: 'MFSK', subMode: 'FT4' });
    expect(fields({ Call: 'W1AW', Mode: 'PSK31' })).toMatchObject({ mode: 'PSK', subMode: 'PSK31' });
    expect(fields({ Call: 'W1AW', Mode: 'C4FM' })).toMatchObject({ mode: 'DIGITALVOICE', subMode: 'C4FM' });
  });

  it('rejects unknown modes and sub-modes of another mode', () => {
    expect(errors({ Call: 'W1AW', Mode: 'TELEPATHY' }).Mode).toEqual([m.MODE_UNKNOWN]);
    expect(errors({ Call: 'W1AW', Mode: 'CW', SubMode: 'USB' }).SubMode).toEqual([m.SUBMODE_UNKNOWN]);
    expect(errors({ Call: 'W1AW', Mode: 'SSB', SubMode: 'XSB' }).SubMode).toEqual([m.SUBMODE_UNKNOWN]);
  });
});

describe('normaliseQsoInput: text limits', () => {
  it('limits Name, reports, Comment, radio_mode, qso_origin and ContestName', () => {
    expect(fields({ Call: 'W1AW', Name: 'N'.repeat(100) }).name).toHaveLength(100);
    expect(errors({ Call: 'W1AW', Name: 'N'.repeat(101) }).Name).toEqual([m.NAME_TOO_LONG]);
    expect(errors({ Call: 'W1AW', SNT: '5'.repeat(11) }).SNT).toEqual([m.SNT_TOO_LONG]);
    expect(errors({ Call: 'W1AW', RCV: '5'.repeat(11) }).RCV).toEqual([m.RCV_TOO_LONG]);
    expect(fields({ Call: 'W1AW', Comment: 'c'.repeat(500) }).comment).toHaveLength(500);
    expect(errors({ Call: 'W1AW', Comment: 'c'.repeat(501) }).Comment).toEqual([m.COMMENT_TOO_LONG]);
    expect(errors({ Call: 'W1AW', radio_mode: 'r'.repeat(21) }).radio_mode).toEqual([m.RADIO_MODE_TOO_LONG]);
    expect(errors({ Call: 'W1AW', qso_origin: 'o'.repeat(21) }).qso_origin).toEqual([m.QSO_ORIGIN_TOO_LONG]);
    expect(fields({ Call: 'W1AW', ContestName: 'CQ-WW-SSB' }).contestName).toBe('CQ-WW-SSB');
    expect(errors({ Call: 'W1AW', ContestName: 'x'.repeat(41) }).ContestName).toEqual([m.CONTEST_NAME_TOO_LONG]);
    expect(errors({ Call: 'W1AW', Name: { first: 'Hans' } as unknown as string }).Name).toEqual([m.FIELD_MUST_BE_TEXT('Name')]);
  });

  it('takes Power as up to 4 digits', () => {
    expect(fields({ Call: 'W1AW', Power: 100 }).power).toBe('100');
    expect(fields({ Call: 'W1AW', Power: '1500' }).power).toBe('1500');
    expect(fields({ Call: 'W1AW', Power: '' }).power).toBe('');
    for (const bad of ['10000', '100W', '5.5', '-5', 2.5]) expect(errors({ Call: 'W1AW', Power: bad }).Power, String(bad)).toEqual([m.POWER_INVALID]);
  });
});

describe('normaliseQsoInput: numbers and flags', () => {
  it('takes qso_duration as whole non-negative seconds', () => {
    expect(fields({ Call: 'W1AW', qso_duration: 0 }).qsoDuration).toBe(0);
    expect(fields({ Call: 'W1AW', qso_duration: '75' }).qsoDuration).toBe(75);
    for (const bad of [-1, '1.5', 'long', 2.5]) expect(errors({ Call: 'W1AW', qso_duration: bad }).qso_duration, String(bad)).toEqual([m.QSO_DURATION_INVALID]);
  });

  it('takes IsRunQSO as 0 or 1', () => {
    expect(fields({ Call: 'W1AW', IsRunQSO: '1' }).isRunQso).toBe(1);
    expect(fields({ Call: 'W1AW', IsRunQSO: 0 }).isRunQso).toBe(0);
    expect(errors({ Call: 'W1AW', IsRunQSO: 2 }).IsRunQSO).toEqual([m.IS_RUN_QSO_INVALID]);
    expect(errors({ Call: 'W1AW', IsRunQSO: 'yes' }).IsRunQSO).toEqual([m.IS_RUN_QSO_INVALID]);
  });

  it('takes GridSquare as a Maidenhead locator or empty', () => {
    expect(fields({ Call: 'W1AW', GridSquare: 'fn31' }).gridSquare).toBe('FN31');
    expect(fields({ Call: 'W1AW', GridSquare: '' }).gridSquare).toBe('');
    expect(errors({ Call: 'W1AW', GridSquare: 'ZZ99' }).GridSquare).toEqual([m.GRID_SQUARE_INVALID]);
  });
});

describe('normaliseQsoInput: DXCC and location', () => {
  it('derives the entity from the call', () => {
    expect(fields({ Call: 'JA1ABC' })).toMatchObject({ dxcc: 339, country: 'Japan', continent: 'AS', cqZone: 25, ituZone: 45 });
    expect(fields({ Call: 'IT9ABC' })).toMatchObject({ dxcc: 248, country: 'Italy', continent: 'EU' });
  });

  it('stores dxcc 0 without location for maritime mobile and unknown prefixes', () => {
    expect(fields({ Call: 'DL1ABC/MM' })).toMatchObject({ dxcc: 0, country: '', continent: '', lat: null, lon: null, cqZone: null, ituZone: null });
    expect(fields({ Call: 'QQ1QQ' })).toMatchObject({ dxcc: 0, country: '' });
  });

  it('lets a dxcc chosen by the client win, filling the rest from that entity', () => {
    expect(fields({ Call: 'DL1ABC', dxcc: 339 })).toMatchObject({ dxcc: 339, country: 'Japan', continent: 'AS', lat: 36.4, lon: 138.38, cqZone: 25, ituZone: 45 });
    expect(fields({ Call: 'DL1ABC/MM', dxcc: '230' })).toMatchObject({ dxcc: 230, country: 'Fed. Rep. of Germany' });
    // the same entity as the call: the call's more precise data (W0 is CQ zone 4) is kept
    expect(fields({ Call: 'W0AIH', dxcc: 291 })).toMatchObject({ dxcc: 291, cqZone: 4 });
    // 0 or empty means 'not chosen'
    expect(fields({ Call: 'DL1ABC', dxcc: 0 }).dxcc).toBe(230);
    expect(fields({ Call: 'DL1ABC', dxcc: '' }).dxcc).toBe(230);
    // a deleted entity is accepted (old contacts) with its ARRL name
    expect(fields({ Call: 'DL1ABC', dxcc: 81 })).toMatchObject({ dxcc: 81, country: 'GERMANY (DELETED)', lat: null });
  });

  it('keeps explicit location values and the client country only when there is no entity', () => {
    expect(fields({ Call: 'DL1ABC', LAT: '50.5', LON: 7.1, cq_zone: 14, Continent: 'eu' })).toMatchObject({ lat: 50.5, lon: 7.1, cqZone: 14, continent: 'EU' });
    expect(fields({ Call: 'DL1ABC', country: 'Germany' }).country).toBe('Fed. Rep. of Germany');
    expect(fields({ Call: 'DL1ABC/MM', country: 'North Sea' }).country).toBe('North Sea');
  });

  it('rejects bad location values', () => {
    const e = errors({ Call: 'DL1ABC', dxcc: 999, Continent: 'XX', LAT: 91, LON: '-181', cq_zone: 41, country: 'c'.repeat(101) });
    expect(e).toEqual({
      dxcc: [m.DXCC_UNKNOWN],
      Continent: [m.CONTINENT_INVALID],
      LAT: [m.LAT_INVALID],
      LON: [m.LON_INVALID],
      cq_zone: [m.CQ_ZONE_INVALID],
      country: [m.COUNTRY_TOO_LONG],
    });
    expect(errors({ Call: 'DL1ABC', dxcc: 'abc' }).dxcc).toEqual([m.DXCC_UNKNOWN]);
    expect(errors({ Call: 'DL1ABC', cq_zone: 1.5 }).cq_zone).toEqual([m.CQ_ZONE_INVALID]);
  });

  it('reports every bad field at once', () => {
    expect(Object.keys(errors({ Call: 'x', TS: 'x', Freq: 'x', Mode: 'x', Power: 'x' })).sort()).toEqual(['Call', 'Freq', 'Mode', 'Power', 'TS']);
  });
});
