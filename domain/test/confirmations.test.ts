import { describe, expect, it } from 'vitest';
import { readConnectionForm } from '../src/confirmations/connections';
import { matchConfirmation, modeGroup, serviceReportDetails, withConfirmations, confirmationsIn } from '../src/qso/confirmation-report';
import { markModifiedUploads } from '../src/qso/confirmations';
import { decideQso, type QsoState } from '../src/qso/decider';
import type { QsoFields } from '../src/qso/fields';
import { readQslCardsRequest } from '../src/qso/qsl-cards';

const at = (hhmm: string) => Date.parse(`2026-11-20T${hhmm}:00Z`);

describe("matching a service's report to the log (ARRL's rule)", () => {
  const logged = [
    { qdoId: 'ft8', call: 'DL1AB', band: '20m', mode: 'FT8', at: at('12:00') },
    { qdoId: 'cw', call: 'DL1AB', band: '20m', mode: 'CW', at: at('12:20') },
    { qdoId: '40m', call: 'DL1AB', band: '40m', mode: 'CW', at: at('12:05') },
  ];
  it('takes the same call and band within 30 minutes; the mode group only decides between several', () => {
    expect(matchConfirmation({ call: 'dl1ab', band: '20M', mode: 'CW', at: at('12:02') }, logged)?.qdoId).toBe('cw');
    expect(matchConfirmation({ call: 'DL1AB', band: '20m', mode: 'FT4', at: at('12:19') }, logged)?.qdoId).toBe('ft8');
    expect(matchConfirmation({ call: 'DL1AB', band: '40m', mode: 'SSB', at: at('12:30') }, logged)?.qdoId).toBe('40m');
    expect(matchConfirmation({ call: 'DL1AB', band: '40m', mode: 'CW', at: at('12:36') }, logged)).toBeNull();
    expect(matchConfirmation({ call: 'DL1ABC', band: '20m', mode: 'CW', at: at('12:20') }, logged)).toBeNull();
    expect([modeGroup('SSB'), modeGroup('CW'), modeGroup('FT8'), modeGroup('FM')]).toEqual(['PHONE', 'CW', 'DATA', 'PHONE']);
  });

  it("reads LoTW's and QRZ's reports as their own confirmations, never as paper cards", () => {
    expect(serviceReportDetails({ QSL_RCVD: 'Y', QSLRDATE: '20261120', STATE: 'OK' }, { APP_LOTW_RXQSL: '2026-11-20 10:00:00' })).toEqual({ LOTW_QSL_RCVD: 'Y', LOTW_QSLRDATE: '20261120', LOTW_QSL_SENT: 'Y', STATE: 'OK' });
    expect(serviceReportDetails({ QSL_RCVD: 'Y' }, { APP_N3FJP_X: '1' })).toEqual({ QSL_RCVD: 'Y' });
    expect(serviceReportDetails(undefined, { APP_QRZLOG_STATUS: 'C', APP_QRZLOG_QSLDATE: '20261121' })).toEqual({ QRZCOM_QSO_DOWNLOAD_STATUS: 'Y', QRZCOM_QSO_DOWNLOAD_DATE: '20261121' });
    expect(confirmationsIn({ LOTW_QSL_RCVD: 'Y', LOTW_QSLRDATE: '20261120', QSL_RCVD: 'N', STATE: 'OK' })).toEqual({ LOTW_QSL_RCVD: 'Y', LOTW_QSLRDATE: '20261120' });
    expect(confirmationsIn({ QSL_RCVD: 'N' })).toBeNull();
  });

  it("fills the QSO's empty fields from a report and never overwrites the operator's", () => {
    expect(withConfirmations({ STATE: 'TX', NOTES: 'mine' }, { STATE: 'OK', CNTY: 'OK,TULSA' }, { LOTW_QSL_RCVD: 'Y' })).toEqual({ STATE: 'TX', NOTES: 'mine', CNTY: 'OK,TULSA', LOTW_QSL_RCVD: 'Y' });
  });
});

describe('a corrected QSO is sent again where the service can replace it', () => {
  const fields: QsoFields = {
    ts: '2026-11-20T12:00:00Z', call: 'DL1AB', freqHz: 14_074_000, band: '20m', mode: 'FT8', subMode: '', name: '', snt: '', rcv: '', comment: '', power: '',
    dxcc: 230, continent: 'EU', country: 'Germany', lat: null, lon: null, cqZone: 14, ituZone: 28, gridSquare: '', radioMode: '', qsoDuration: 0,
    qsoOrigin: '', isRunQso: 0, contestName: '', details: { QRZCOM_QSO_UPLOAD_STATUS: 'Y', CLUBLOG_QSO_UPLOAD_STATUS: 'Y', LOTW_QSL_SENT: 'Y' },
  };
  const state: QsoState = { qdoId: 'q', stationUserId: 'u', stationCallsign: 'K9CTS', dedupeKey: 'k', fields, deleted: false, recordings: [], sstvs: [] };

  it('marks QRZ and Club Log M (modified since upload) on a contact edit, not on a confirmation, never LoTW', () => {
    const [edited] = decideQso({ type: 'UpdateQso', data: { qdoId: 'q', byUserId: 'u', fields: { ...fields, name: 'Hans' } } }, state);
    expect(edited!.type === 'QsoUpdated' && edited!.data.fields.details).toEqual({ QRZCOM_QSO_UPLOAD_STATUS: 'M', CLUBLOG_QSO_UPLOAD_STATUS: 'M', LOTW_QSL_SENT: 'Y' });
    const [confirmed] = decideQso({ type: 'UpdateQso', data: { qdoId: 'q', byUserId: 'u', fields: { ...fields, details: { ...fields.details, LOTW_QSL_RCVD: 'Y' } } } }, state);
    expect(confirmed!.type === 'QsoUpdated' && confirmed!.data.fields.details?.QRZCOM_QSO_UPLOAD_STATUS).toBe('Y');
    expect(markModifiedUploads(fields.details, { ...fields.details, QRZCOM_QSO_UPLOAD_STATUS: 'N' }, () => true)).toMatchObject({ QRZCOM_QSO_UPLOAD_STATUS: 'N', CLUBLOG_QSO_UPLOAD_STATUS: 'M' });
  });
});

describe('the connect form of a service', () => {
  it('takes settings and secrets apart, lets a stored secret be left blank, and says what is missing', () => {
    expect(readConnectionForm('clublog', { email: ' me@example.com ', password: 's3cret', callsign: '' })).toEqual({ ok: true, value: { settings: { email: 'me@example.com' }, secrets: { password: 's3cret' }, autoSync: true } });
    expect(readConnectionForm('clublog', { email: 'me@example.com', auto_sync: false }, ['password'])).toEqual({ ok: true, value: { settings: { email: 'me@example.com' }, secrets: {}, autoSync: false } });
    const missing = readConnectionForm('lotw', { login: 'k9cts', certificate: 'not base64!' });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(Object.keys(missing.errors).sort()).toEqual(['certificate', 'password']);
    const bad = readConnectionForm('clublog', { email: 'nobody', password: { x: 1 } });
    if (!bad.ok) expect(Object.keys(bad.errors).sort()).toEqual(['email', 'password']);
    expect(bad.ok).toBe(false);
  });
});

describe('paper QSL cards in bulk', () => {
  it('sets sent, queued or received with the day, and refuses a request it cannot do whole', () => {
    const read = readQslCardsRequest({ qdo_ids: ['a', 'b'], sent: 'y', via: 'B' }, '2026-11-28');
    expect(read.ok).toBe(true);
    if (read.ok) {
      expect(read.value.qdoIds).toEqual(['a', 'b']);
      expect(read.value.change({ QSL_RCVD: 'Y' })).toEqual({ QSL_RCVD: 'Y', QSL_SENT: 'Y', QSLSDATE: '20261128', QSL_SENT_VIA: 'B' });
    }
    const queued = readQslCardsRequest({ qdo_ids: ['a'], sent: 'Q' }, '2026-11-28');
    if (queued.ok) expect(queued.value.change(undefined)).toEqual({ QSL_SENT: 'Q' });
    const bad = readQslCardsRequest({ qdo_ids: [], sent: 'maybe', date: 'soon' }, '2026-11-28');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(Object.keys(bad.errors).sort()).toEqual(['date', 'qdo_ids', 'sent']);
    expect(readQslCardsRequest({ qdo_ids: ['a'] }, '2026-11-28').ok).toBe(false);
  });
});
