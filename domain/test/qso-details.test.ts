import { describe, expect, it } from 'vitest';
import { upcasters } from '../src/upcasters';
import { confirmationStatus, confirmedMask, CONFIRMED_BIT } from '../src/qso/confirmations';
import { QSO_DETAIL_FIELDS, canonicalDetail, editDetails, qsoDetailField, splitDetails } from '../src/qso/details';
import { qsoHistory, updateLabel } from '../src/qso/history';
import { readLogbookFilter } from '../src/qso/logbook-filter';
import { sameQsoFields, type QsoFields } from '../src/qso/fields';
import { qsoToAdifFields } from '../src/adif/record-to-qso';

const base: QsoFields = {
  ts: '2026-11-20T12:00:00Z', call: 'N5ILQ', freqHz: 14_061_000, band: '20m', mode: 'CW', subMode: '', name: '', snt: '599', rcv: '599',
  comment: '', power: '', dxcc: 291, continent: 'NA', country: 'United States', lat: null, lon: null, cqZone: 4, ituZone: 7,
  gridSquare: '', radioMode: '', qsoDuration: 0, qsoOrigin: '', isRunQso: 0, contestName: '',
};

describe('QSO detail fields', () => {
  it('names every field the issue lists, once, with its ADIF name', () => {
    const names = QSO_DETAIL_FIELDS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of ['QSL_SENT', 'QSL_RCVD', 'QSLSDATE', 'QSLRDATE', 'QSL_SENT_VIA', 'QSL_RCVD_VIA', 'LOTW_QSL_SENT', 'LOTW_QSL_RCVD', 'LOTW_QSLSDATE',
      'LOTW_QSLRDATE', 'EQSL_QSL_SENT', 'EQSL_QSL_RCVD', 'QRZCOM_QSO_UPLOAD_STATUS', 'QRZCOM_QSO_DOWNLOAD_STATUS', 'CLUBLOG_QSO_UPLOAD_STATUS',
      'CLUBLOG_QSO_UPLOAD_DATE', 'STATE', 'CNTY', 'IOTA', 'SOTA_REF', 'POTA_REF', 'WWFF_REF', 'SIG', 'SIG_INFO', 'MY_SIG', 'MY_SIG_INFO', 'MY_POTA_REF',
      'MY_SOTA_REF', 'VUCC_GRIDS', 'MY_GRIDSQUARE', 'PROP_MODE', 'SAT_NAME', 'SAT_MODE', 'FREQ_RX', 'BAND_RX', 'RX_PWR', 'OPERATOR',
      'STATION_CALLSIGN', 'SRX', 'SRX_STRING', 'STX', 'STX_STRING', 'QSL_VIA', 'NOTES']) {
      expect(names).toContain(name);
    }
  });

  it('holds values in ADIF canonical text and refuses what ADIF does not allow', () => {
    const f = (name: string) => qsoDetailField(name)!;
    expect(canonicalDetail(f('QSL_RCVD'), 'y')).toBe('Y');
    expect(canonicalDetail(f('QSL_RCVD'), 'X')).toBeNull();
    expect(canonicalDetail(f('LOTW_QSLRDATE'), '2026-11-20')).toBe('20261120');
    expect(canonicalDetail(f('LOTW_QSLRDATE'), '20260230')).toBeNull();
    expect(canonicalDetail(f('IOTA'), 'eu-005')).toBe('EU-005');
    expect(canonicalDetail(f('IOTA'), 'EU-5')).toBeNull();
    expect(canonicalDetail(f('POTA_REF'), 'k-0059,K-1234@US-CA')).toBe('K-0059,K-1234@US-CA');
    expect(canonicalDetail(f('PROP_MODE'), 'sat')).toBe('SAT');
    expect(canonicalDetail(f('BAND_RX'), '70CM')).toBe('70cm');
    expect(canonicalDetail(f('MY_GRIDSQUARE'), 'en34QU')).toBe('EN34qu');
    expect(canonicalDetail(f('VUCC_GRIDS'), 'FN31, FN32')).toBe('FN31,FN32');
    expect(canonicalDetail(f('SRX'), '007')).toBe('7');
    expect(canonicalDetail(f('SRX'), '-1')).toBeNull();
    expect(canonicalDetail(f('RX_PWR'), '0100')).toBe('100');
  });

  it('splits a record\'s extra: valid detail values become details, invalid ones and other names stay as read', () => {
    expect(splitDetails({ QSL_RCVD: 'y', STATE: 'OK', QSLRDATE: 'yesterday', APP_X: '1' })).toEqual({
      details: { QSL_RCVD: 'Y', STATE: 'OK' },
      extra: { QSLRDATE: 'yesterday', APP_X: '1' },
    });
    expect(splitDetails(undefined)).toEqual({});
  });

  it('checks an edit whole: an unknown name or a bad value is an error under its name, nothing half-applied', () => {
    expect(editDetails({ state: 'ca', LOTW_QSL_RCVD: 'Y', NOTES: null, IOTA: '' })).toEqual({ ok: true, details: { STATE: 'ca', LOTW_QSL_RCVD: 'Y' } });
    const bad = editDetails({ STATE: 'OK', LOTW_QSL_RCVD: 'maybe', WHATEVER: '1' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(Object.keys(bad.errors).sort()).toEqual(['LOTW_QSL_RCVD', 'WHATEVER']);
    expect(editDetails('STATE=OK').ok).toBe(false);
  });

  it('exports details under their ADIF names, the contact\'s own STATION_CALLSIGN first', () => {
    const out = qsoToAdifFields({ ...base, details: { LOTW_QSL_RCVD: 'Y', LOTW_QSLRDATE: '20261120', STATION_CALLSIGN: 'K9CTS/P' } }, 'K9CTS');
    expect(out).toMatchObject({ LOTW_QSL_RCVD: 'Y', LOTW_QSLRDATE: '20261120', STATION_CALLSIGN: 'K9CTS/P' });
    expect(qsoToAdifFields(base, 'K9CTS').STATION_CALLSIGN).toBe('K9CTS');
  });

  it('counts details in sameness: a changed confirmation is a change', () => {
    expect(sameQsoFields({ ...base, details: { QSL_RCVD: 'Y' } }, { ...base, details: { QSL_RCVD: 'Y' } })).toBe(true);
    expect(sameQsoFields({ ...base, details: { QSL_RCVD: 'Y' } }, { ...base, details: { QSL_RCVD: 'N' } })).toBe(false);
    expect(sameQsoFields(base, { ...base, details: { QSL_RCVD: 'Y' } })).toBe(false);
  });
});

describe('confirmation status per service', () => {
  it('reads sent, accepted, queued and confirmed from the ADIF fields', () => {
    const details = { LOTW_QSL_SENT: 'Y', LOTW_QSLSDATE: '20261101', LOTW_QSL_RCVD: 'Y', LOTW_QSLRDATE: '20261120', QSL_SENT: 'Q', CLUBLOG_QSO_UPLOAD_STATUS: 'Y', CLUBLOG_QSO_UPLOAD_DATE: '20261102', QRZCOM_QSO_UPLOAD_STATUS: 'M' };
    expect(confirmationStatus(details, 'lotw')).toEqual({ service: 'lotw', state: 'confirmed', on: '20261120' });
    expect(confirmationStatus(details, 'paper')).toEqual({ service: 'paper', state: 'queued' });
    expect(confirmationStatus(details, 'clublog')).toEqual({ service: 'clublog', state: 'accepted', on: '20261102' });
    expect(confirmationStatus(details, 'qrz')).toEqual({ service: 'qrz', state: 'queued' });
    expect(confirmationStatus(details, 'eqsl')).toEqual({ service: 'eqsl', state: 'not-sent' });
    expect(confirmedMask(details)).toBe(CONFIRMED_BIT.lotw);
    expect(confirmedMask({ QSL_RCVD: 'Y', EQSL_QSL_RCVD: 'Y', QRZCOM_QSO_DOWNLOAD_STATUS: 'Y' })).toBe(CONFIRMED_BIT.paper | CONFIRMED_BIT.eqsl | CONFIRMED_BIT.qrz);
  });

  it('tells the history what happened in words', () => {
    expect(updateLabel(base, { ...base, details: { LOTW_QSL_RCVD: 'Y', LOTW_QSLRDATE: '20261120' } })).toBe('Confirmed by LoTW on 2026-11-20');
    expect(updateLabel(base, { ...base, details: { CLUBLOG_QSO_UPLOAD_STATUS: 'Y' } })).toBe('Uploaded to Club Log');
    expect(updateLabel(base, { ...base, name: 'Bob' })).toBe('Updated');
    const history = qsoHistory([
      { event: { type: 'QsoLogged', data: { qdoId: 'q', stationUserId: 'u', stationCallsign: 'K9CTS', dedupeKey: 'k', fields: base } }, position: 1, at: new Date(), importFileName: 'qrz.adi' },
      { event: { type: 'QsoUpdated', data: { qdoId: 'q', dedupeKey: 'k', fields: { ...base, details: { LOTW_QSL_RCVD: 'Y', LOTW_QSLRDATE: '20261120' } } } }, position: 2, at: new Date() },
    ]);
    expect(history.map((h) => h.label)).toEqual(['Imported from qrz.adi', 'Confirmed by LoTW on 2026-11-20']);
    expect(history[1]!.changes).toContainEqual({ field: 'LoTW confirmed', from: '', to: 'Yes' });
  });
});

describe('upcasting QSO events from before details', () => {
  it('promotes the detail fields an old event kept in extra, and leaves the rest', () => {
    const upcaster = upcasters.find((u) => u.type === 'QsoLogged' && u.fromVersion === 1)!;
    const old = { qdoId: 'q', stationUserId: 'u', stationCallsign: 'K9CTS', dedupeKey: 'k', fields: { ...base, extra: { QSL_RCVD: 'Y', IOTA: 'eu-005', APP_N3FJP_X: '1' } } };
    expect(upcaster.upcast(old)).toEqual({ ...old, fields: { ...base, details: { QSL_RCVD: 'Y', IOTA: 'EU-005' }, extra: { APP_N3FJP_X: '1' } } });
    const none = { ...old, fields: base };
    expect(upcaster.upcast(none)).toBe(none);
    expect(upcasters.map((u) => u.type).sort()).toEqual(['QsoLogged', 'QsoRestored', 'QsoUpdated']);
  });
});

describe('logbook filter', () => {
  it('reads what clients send, strings or numbers, blanks as any', () => {
    expect(readLogbookFilter({ band: '20M', mode: 'ft8', dxcc: '291', from: '2026-01-01', to: '2026-12-31', confirmed: 'no', service: 'LoTW', page: 2 })).toEqual({
      ok: true, filter: { band: '20m', mode: 'FT8', dxcc: 291, from: '2026-01-01', to: '2026-12-31', confirmed: false, service: 'lotw' },
    });
    expect(readLogbookFilter({ band: '', dxcc: null })).toEqual({ ok: true, filter: {} });
    const bad = readLogbookFilter({ band: '21m', from: '2026-02-30x', confirmed: 'perhaps', service: 'fax' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(Object.keys(bad.errors).sort()).toEqual(['band', 'confirmed', 'from', 'service']);
  });
});
