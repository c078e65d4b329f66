import { describe, expect, it } from 'vitest';
import {
  adifRecordToQso,
  formatAdifLocation,
  parseAdifLocation,
  qsoToAdifFields,
  readAdif,
  writeAdifHeader,
  writeAdifRecord,
  type AdifQsoResult,
  type AdifRecord,
} from '../../src/adif';
import { dxccEntityName } from '../../src/dxcc/entities';
import { canonicalDetail, qsoDetailField } from '../../src/qso/details';
import { resolveModeChoice } from '../../src/modes';
import type { QsoFields } from '../../src/qso/fields';
import { fixtures } from './adif-helpers';

const NOW = new Date('2026-01-01T00:00:00Z');

function record(fields: Record<string, string>, line = 7): AdifRecord {
  return { fields: { CALL: 'DL1ABC', QSO_DATE: '20250131', TIME_ON: '1234', BAND: '20m', MODE: 'SSB', ...fields }, line };
}

function qso(fields: Record<string, string>): QsoFields {
  const result = adifRecordToQso(record(fields), NOW);
  if (!result.ok) throw new Error(result.message);
  return result.fields;
}

function refusal(fields: Record<string, string>): string {
  const result = adifRecordToQso(record(fields), NOW);
  if (result.ok) throw new Error('accepted');
  expect(result.line).toBe(7);
  return result.message;
}

const mhzToHz = (text: string): number => Math.round(Number(text) * 1e6);

/** Whether an exported value says the same as the original one (decision 0033's meaning of "same"). */
function sameValue(name: string, original: string, exported: string | undefined, all: Record<string, string>, out: Record<string, string>): boolean {
  const a = original.trim();
  if (exported === undefined) return false;
  if (exported === original || exported === a) return true;
  const detail = qsoDetailField(name);
  if (detail) return canonicalDetail(detail, name === 'FREQ_RX' ? String(mhzToHz(a)! / 1e6) : a) === exported;
  switch (name) {
    case 'CALL':
    case 'BAND':
    case 'BAND_RX':
    case 'CONT':
    case 'GRIDSQUARE':
    case 'MY_GRIDSQUARE':
    case 'VUCC_GRIDS':
      return exported.toUpperCase() === a.toUpperCase().replace(/\s*,\s*/g, ',');
    case 'TIME_ON':
    case 'TIME_OFF':
      return a.length === 4 && exported === `${a}00`;
    case 'FREQ':
    case 'FREQ_RX':
      return mhzToHz(exported) === mhzToHz(a);
    case 'DXCC':
    case 'CQZ':
    case 'ITUZ':
    case 'TX_PWR':
      return Number(exported) === Number(a);
    case 'LAT':
    case 'LON':
      return parseAdifLocation(exported, name === 'LAT' ? 'lat' : 'lon') === parseAdifLocation(a, name === 'LAT' ? 'lat' : 'lon');
    case 'COUNTRY':
      return exported.toUpperCase() === a.toUpperCase() || exported === dxccEntityName(Number(all.DXCC ?? out.DXCC));
    case 'MODE':
    case 'SUBMODE': {
      const mode = (all.MODE ?? '').trim().toUpperCase();
      if (exported === a.toUpperCase()) return true;
      // A deprecated mode (or a sub-mode sent as the mode) in its current form.
      const choice = resolveModeChoice(mode);
      return choice !== null && out.MODE === choice.Mode && (name === 'MODE' || exported === choice.SubMode || exported === a.toUpperCase());
    }
    default:
      return false;
  }
}

describe('ADIF record to QSO', () => {
  it('maps the named fields', () => {
    const fields = qso({
      CALL: 'dl1abc',
      QSO_DATE: '20250131',
      TIME_ON: '123456',
      TIME_OFF: '1240',
      FREQ: '14.074',
      BAND: '20M',
      MODE: 'MFSK',
      SUBMODE: 'FT4',
      NAME: ' José ',
      RST_SENT: '-10',
      RST_RCVD: '+03',
      COMMENT: 'tnx',
      NOTES: 'notes become a detail',
      TX_PWR: '100',
      DXCC: '230',
      CONT: 'eu',
      LAT: 'N052 31.000',
      LON: 'E013 24.000',
      CQZ: '14',
      ITUZ: '28',
      GRIDSQUARE: 'jo62QM',
      CONTEST_ID: 'CQ-WW-SSB',
      STATION_CALLSIGN: 'K9CTS',
      OPERATOR: 'K9CTS',
      APP_LOG4OM_X: 'y',
    });
    expect(fields).toEqual({
      ts: '2025-01-31T12:34:56Z',
      call: 'DL1ABC',
      freqHz: 14_074_000,
      band: '20m',
      mode: 'MFSK',
      subMode: 'FT4',
      name: 'José',
      snt: '-10',
      rcv: '+03',
      comment: 'tnx',
      power: '100',
      dxcc: 230,
      continent: 'EU',
      country: dxccEntityName(230),
      lat: 52.516667,
      lon: 13.4,
      cqZone: 14,
      ituZone: 28,
      gridSquare: 'JO62qm',
      radioMode: '',
      qsoDuration: 5 * 60 + 4,
      qsoOrigin: '',
      isRunQso: 0,
      contestName: 'CQ-WW-SSB',
      details: { NOTES: 'notes become a detail', OPERATOR: 'K9CTS' },
      extra: { APP_LOG4OM_X: 'y' },
    });
    const result = adifRecordToQso(record({ STATION_CALLSIGN: 'K9CTS', OPERATOR: 'W9XYZ' }), NOW) as Extract<AdifQsoResult, { ok: true }>;
    expect(result.stationCallsign).toBe('K9CTS');
    expect((adifRecordToQso(record({ OPERATOR: 'W9XYZ' }), NOW) as Extract<AdifQsoResult, { ok: true }>).stationCallsign).toBe('W9XYZ');
  });

  it('reads TIME_ON as HHMM or HHMMSS and TIME_OFF past midnight or on QSO_DATE_OFF', () => {
    expect(qso({ TIME_ON: '2355' }).ts).toBe('2025-01-31T23:55:00Z');
    expect(qso({ TIME_ON: '2355', TIME_OFF: '0005' }).qsoDuration).toBe(600);
    expect(qso({ TIME_ON: '235930', TIME_OFF: '000010' }).qsoDuration).toBe(40);
    expect(qso({ TIME_ON: '2355', TIME_OFF: '0005', QSO_DATE_OFF: '20250202' }).qsoDuration).toBe(86_400 + 600);
    // HHMM against HHMMSS in the same minute: no midnight, no duration; TIME_OFF comes back as read.
    expect(qso({ TIME_ON: '123430', TIME_OFF: '1234' })).toMatchObject({ qsoDuration: 0, extra: { TIME_OFF: '1234' } });
    expect(qso({ TIME_ON: '1234', TIME_OFF: '1234' })).toMatchObject({ qsoDuration: 0, extra: { TIME_OFF: '1234' } });
    expect(refusal({ TIME_ON: '2460' })).toBe("TIME_ON '2460' is not a UTC time like 1234 or 123456; the record was not imported.");
    expect(refusal({ QSO_DATE: '2025-01-31' })).toBe("QSO_DATE '2025-01-31' is not a date like 20250131; the record was not imported.");
    expect(refusal({ QSO_DATE: '' })).toBe('This record has no QSO_DATE, so it was not imported.');
    expect(refusal({ TIME_ON: '' })).toBe('This record has no TIME_ON, so it was not imported.');
    expect(refusal({ QSO_DATE: '20250230' })).toMatch(/^QSO_DATE\/TIME_ON: /);
  });

  it('reads FREQ in MHz to integer Hz (QO-100 too) and takes the band from it, or from BAND alone', () => {
    expect(qso({ FREQ: '10489.5', BAND: '3cm' })).toMatchObject({ freqHz: 10_489_500_000, band: '3cm' });
    expect(qso({ FREQ: '7.0745', BAND: '' })).toMatchObject({ freqHz: 7_074_500, band: '40m' });
    expect(qso({ FREQ: '14.0740001', BAND: '' }).freqHz).toBe(14_074_000);
    expect(qso({ BAND: '70CM' })).toMatchObject({ freqHz: 0, band: '70cm' });
    // A frequency no band holds (kHz written as MHz) with a BAND: the band, and FREQ kept as read.
    expect(qso({ FREQ: '14074', BAND: '20m' })).toMatchObject({ freqHz: 0, band: '20m', extra: { FREQ: '14074' } });
    // The BAND given wins over a FREQ just outside it (as in the ADIF test file).
    expect(qso({ FREQ: '54.000001', BAND: '6m' })).toMatchObject({ freqHz: 54_000_001, band: '6m' });
    expect(refusal({ BAND: '' })).toBe('This record has neither a FREQ nor a BAND, so it was not imported.');
    expect(refusal({ BAND: '', FREQ: 'abc' })).toMatch(/^FREQ: /);
    expect(refusal({ BAND: '', FREQ: '400000' })).toMatch(/^FREQ: /);
  });

  it('maps deprecated modes to their current MODE and SUBMODE, and keeps unknown ones as read', () => {
    expect(qso({ MODE: 'PSK31' })).toMatchObject({ mode: 'PSK', subMode: 'PSK31' });
    expect(qso({ MODE: 'JT65A' })).toMatchObject({ mode: 'JT65', subMode: 'JT65A' });
    expect(qso({ MODE: 'C4FM' })).toMatchObject({ mode: 'DIGITALVOICE', subMode: 'C4FM' });
    expect(qso({ MODE: 'PCW' })).toMatchObject({ mode: 'CW', subMode: 'PCW' });
    expect(qso({ MODE: 'usb' })).toMatchObject({ mode: 'SSB', subMode: 'USB' });
    expect(qso({ MODE: 'FT4' })).toMatchObject({ mode: 'MFSK', subMode: 'FT4' });
    expect(qso({ MODE: 'ssb', SUBMODE: 'lsb' })).toMatchObject({ mode: 'SSB', subMode: 'LSB' });
    expect(qso({ MODE: 'DIGI', SUBMODE: 'X' })).toMatchObject({ mode: '', subMode: '', extra: { MODE: 'DIGI', SUBMODE: 'X' } });
    expect(qso({ MODE: 'CW', SUBMODE: 'FT8' })).toMatchObject({ mode: 'CW', subMode: '', extra: { SUBMODE: 'FT8' } });
    expect(qso({ MODE: '' })).toMatchObject({ mode: '', subMode: '' });
  });

  it('reads ADIF locations and writes them back', () => {
    expect(parseAdifLocation('N044 51.250', 'lat')).toBe(44.854167);
    expect(parseAdifLocation('S018 28.430', 'lat')).toBe(-18.473833);
    expect(parseAdifLocation('W092 37.500', 'lon')).toBe(-92.625);
    expect(parseAdifLocation('E000 00.000', 'lon')).toBe(0);
    expect(parseAdifLocation('N091 00.000', 'lat')).toBeNull();
    expect(parseAdifLocation('E044 51.250', 'lat')).toBeNull();
    expect(formatAdifLocation(44.854167, 'lat')).toBe('N044 51.250');
    expect(formatAdifLocation(-92.625, 'lon')).toBe('W092 37.500');
    expect(formatAdifLocation(-0.0000001, 'lat')).toBe('S000 00.000');
  });

  it('never cuts a value our fields cannot hold: it stays in extra, its field empty', () => {
    const long = 'x'.repeat(501);
    expect(qso({ COMMENT: long })).toMatchObject({ comment: '', extra: { COMMENT: long } });
    expect(qso({ NAME: 'n'.repeat(101) })).toMatchObject({ name: '', extra: { NAME: 'n'.repeat(101) } });
    expect(qso({ GRIDSQUARE: 'FN31pr12ab' })).toMatchObject({ gridSquare: '', extra: { GRIDSQUARE: 'FN31pr12ab' } });
    expect(qso({ TX_PWR: '5.5' })).toMatchObject({ power: '', extra: { TX_PWR: '5.5' } });
    expect(qso({ TX_PWR: '100.0' })).toMatchObject({ power: '100' });
    expect(qso({ CQZ: '77' })).toMatchObject({ cqZone: null, extra: { CQZ: '77' } });
    expect(qso({ DXCC: '9999' })).toMatchObject({ dxcc: 0, extra: { DXCC: '9999' } });
    // DXCC 0 is no entity (maritime mobile): nothing derived from the call, DXCC given back as read.
    expect(qso({ CALL: 'DL1ABC/MM', DXCC: '0', CQZ: '14' })).toMatchObject({ dxcc: 0, country: '', continent: '', lat: null, cqZone: 14, ituZone: null, extra: { DXCC: '0' } });
    expect(qso({ RST_SENT: '59 in QSB and QRM' })).toMatchObject({ snt: '', extra: { RST_SENT: '59 in QSB and QRM' } });
    // No report is invented for a record without one.
    expect(qso({})).toMatchObject({ snt: '', rcv: '' });
  });

  it('refuses a record whose CALL is missing or invalid, saying why', () => {
    expect(refusal({ CALL: 'X' })).toMatch(/^CALL: /);
    expect(refusal({ CALL: 'DL1ABC-5' })).toMatch(/^CALL: /);
    expect(refusal({ QSO_DATE: '20270101' })).toMatch(/^QSO_DATE\/TIME_ON: /);
  });

  it('writes a contact as ADIF fields, named ones winning over extra', () => {
    const fields = qso({ FREQ: '10489.5', BAND: '3cm', TIME_ON: '2355', TIME_OFF: '0005', NOTES: 'x', NAME: 'Bob' });
    const out = qsoToAdifFields({ ...fields, extra: { ...fields.extra, NAME: 'stale' } }, 'K9CTS');
    expect(out).toMatchObject({ CALL: 'DL1ABC', QSO_DATE: '20250131', TIME_ON: '235500', QSO_DATE_OFF: '20250201', TIME_OFF: '000500', FREQ: '10489.5', BAND: '3cm', NAME: 'Bob', NOTES: 'x', STATION_CALLSIGN: 'K9CTS' });
    expect(qsoToAdifFields({ ...fields, radioMode: 'USB', qsoOrigin: 'logger', isRunQso: 1 }, '')).toMatchObject({
      APP_HAMLOG_RADIO_MODE: 'USB',
      APP_HAMLOG_QSO_ORIGIN: 'logger',
      APP_HAMLOG_RUN: '1',
    });
    expect(qso(qsoToAdifFields({ ...fields, radioMode: 'USB', qsoOrigin: 'logger', isRunQso: 1 }, ''))).toMatchObject({ radioMode: 'USB', qsoOrigin: 'logger', isRunQso: 1 });
  });
});

describe('ADIF import and export of the real files', () => {
  for (const { name, bytes } of fixtures()) {
    it(`${name}: every QSO imported, exported, imported again: the same QSOs, every field given back`, () => {
      const { records } = readAdif(bytes);
      const results = records.map((r) => adifRecordToQso(r, NOW));
      const refused = results.filter((r) => !r.ok);
      expect(refused).toEqual([]);
      const qsos = results as Extract<AdifQsoResult, { ok: true }>[];
      const exported = qsos.map((q) => qsoToAdifFields(q.fields, q.stationCallsign));
      const file = writeAdifHeader({ createdAt: NOW }) + exported.map(writeAdifRecord).join('');
      const again = readAdif(file);
      expect(again.problems).toEqual([]);
      expect(again.records.map((r) => r.fields)).toEqual(exported);
      const reimported = again.records.map((r) => adifRecordToQso(r, NOW));
      expect(reimported).toEqual(qsos);

      const different: string[] = [];
      records.forEach((r, i) => {
        const out = exported[i]!;
        for (const [field, value] of Object.entries(r.fields)) {
          if (value.trim() === '') continue;
          const expected = field === 'STATION_CALLSIGN' ? qsos[i]!.stationCallsign : value;
          // LoTW's report names its own confirmation QSL_RCVD/QSLRDATE: it is LoTW's, not a paper card's.
          const lotw = r.fields.APP_LOTW_RXQSL !== undefined && (field === 'QSL_RCVD' || field === 'QSLRDATE');
          if (lotw ? out[field.replace('QSL', 'LOTW_QSL')] !== value : !sameValue(field, expected, out[field], r.fields, out)) different.push(`${field}: ${JSON.stringify(value)} -> ${JSON.stringify(out[field])}`);
        }
      });
      expect(different.slice(0, 10)).toEqual([]);
    });
  }
});
