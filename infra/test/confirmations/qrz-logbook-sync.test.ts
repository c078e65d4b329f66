import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readAdif, writeAdifRecord } from '@hamlog/domain';
import { QrzLogbookSyncClient } from '../../src/confirmations/qrz-logbook-sync-client';
import { startFakeQrzLogbook, type FakeQrzLogbook } from '../../src/testing/fake-qrz-logbook';

const KEY = 'ABCD-0A0B-1C1D-2E2F';
const KEY_REFUSED = /^QRZ Logbook refused the logbook's API key/;

const record = (call: string, extra: Record<string, string> = {}) =>
  writeAdifRecord({ CALL: call, QSO_DATE: '20261120', TIME_ON: '1830', BAND: '20m', MODE: 'FT8', STATION_CALLSIGN: 'W1AW', ...extra });

describe('QrzLogbookSyncClient against a local QRZ Logbook API', () => {
  let fake: FakeQrzLogbook;
  let client: QrzLogbookSyncClient;

  beforeAll(async () => {
    fake = await startFakeQrzLogbook({ logbooks: { [KEY]: [] } });
    client = new QrzLogbookSyncClient({ baseUrl: fake.baseUrl, timeoutMs: 5_000 });
  });
  afterAll(async () => fake?.close());
  afterEach(() => {
    fake.requests.length = 0;
    fake.misbehave(null);
  });

  describe('insert', () => {
    it('sends one QSO and answers QRZ’s LOGID', async () => {
      const outcome = await client.insert(KEY, record('DL1ABC'));
      expect(outcome).toEqual({ kind: 'ok', logId: expect.stringMatching(/^\d+$/), replaced: false });
      expect(fake.requests[0]).toMatchObject({ form: { KEY, ACTION: 'INSERT', ADIF: record('DL1ABC') } });
      expect(fake.requests[0]!.form.OPTION).toBeUndefined();
      expect(fake.requests[0]!.userAgent).toMatch(/^HamLog\//);
      expect(fake.logbook(KEY)!.map((q) => q.fields.CALL)).toContain('DL1ABC');
    });

    it('a QSO QRZ already has is a duplicate (already sent)', async () => {
      await client.insert(KEY, record('G4DUP'));
      expect(await client.insert(KEY, record('G4DUP', { COMMENT: 'again' }))).toEqual({ kind: 'duplicate' });
    });

    it('OPTION=REPLACE overwrites the QSO after an edit (RESULT=REPLACE)', async () => {
      const first = await client.insert(KEY, record('F5EDT'));
      const replaced = await client.insert(KEY, record('F5EDT', { RST_SENT: '-10' }), { replace: true });
      expect(replaced).toEqual({ kind: 'ok', logId: (first as { logId: string }).logId, replaced: true });
      expect(fake.requests.at(-1)!.form.OPTION).toBe('REPLACE');
      expect(fake.logbook(KEY)!.find((q) => q.fields.CALL === 'F5EDT')!.fields.RST_SENT).toBe('-10');
    });

    it('a record QRZ cannot take is rejected with QRZ’s reason', async () => {
      expect(await client.insert(KEY, writeAdifRecord({ CALL: 'EA1BAD', QSO_DATE: '20261120', TIME_ON: '1830' }))).toEqual({
        kind: 'rejected',
        reason: 'QRZ Logbook refused the QSO: missing required field(s): BAND, MODE.',
      });
    });

    it('a wrong key stops the sync, however QRZ says it (RESULT=AUTH, STATUS=AUTH, FAIL naming the key)', async () => {
      expect(await client.insert('WRONG', record('K1AB'))).toEqual({ kind: 'auth', reason: expect.stringMatching(KEY_REFUSED) });
      fake.misbehave({ status: 200, body: 'STATUS=AUTH&REASON=invalid+api+key' });
      expect(await client.insert(KEY, record('K1AB'))).toEqual({ kind: 'auth', reason: expect.stringMatching(KEY_REFUSED) });
      fake.misbehave(null);
      const failing = await startFakeQrzLogbook({ logbooks: {}, wrongKey: 'fail' });
      try {
        expect(await new QrzLogbookSyncClient({ baseUrl: failing.baseUrl }).insert('WRONG', record('K1AB'))).toEqual({
          kind: 'auth',
          reason: "QRZ Logbook refused the logbook's API key (QRZ said: invalid api key). Check the key in your QRZ logbook settings; the API needs a QRZ subscription.",
        });
      } finally {
        await failing.close();
      }
    });

    it('a server error, a page that is not QRZ’s, a hang or a closed port is worth another try', async () => {
      fake.misbehave({ status: 503 });
      expect(await client.insert(KEY, record('K2RT'))).toEqual({ kind: 'retry', reason: 'QRZ Logbook could not be reached (HTTP 503); HamLog will try again later.' });
      fake.misbehave({ status: 200, body: '<html><body>Maintenance</body></html>' });
      expect(await client.insert(KEY, record('K2RT'))).toMatchObject({ kind: 'retry', reason: expect.stringContaining('could not read') });
      fake.misbehave({ hangMs: 2_000 });
      expect(await new QrzLogbookSyncClient({ baseUrl: fake.baseUrl, timeoutMs: 300 }).insert(KEY, record('K2RT'))).toEqual({
        kind: 'retry',
        reason: 'QRZ Logbook could not be reached (no answer within 0.3 s); HamLog will try again later.',
      });
      const closed = await startFakeQrzLogbook({ logbooks: {} });
      await closed.close();
      expect(await new QrzLogbookSyncClient({ baseUrl: closed.baseUrl }).insert(KEY, record('K2RT'))).toMatchObject({ kind: 'retry' });
    });
  });

  describe('fetchConfirmed', () => {
    it('reads the QSOs confirmed and changed since the date, page by page', async () => {
      const book = 'CONFIRM-KEY';
      for (let i = 0; i < 6; i += 1) fake.add(book, { logid: 500 + i, modified: '2026-11-01', fields: { CALL: `JA${i}QRZ`, QSO_DATE: '20261030', TIME_ON: '0900', BAND: '20m', MODE: 'CW' } });
      fake.confirm(book, 500, '2026-11-02');
      fake.confirm(book, 502, '2026-11-16');
      fake.confirm(book, 503, '2026-11-17');
      fake.confirm(book, 505, '2026-11-18');
      const paged = new QrzLogbookSyncClient({ baseUrl: fake.baseUrl, pageSize: 2 });
      const result = await paged.fetchConfirmed(book, '2026-11-15');
      if (result.kind !== 'ok') throw new Error(result.reason);
      const records = readAdif(result.adif).records.map((r) => r.fields);
      expect(records.map((r) => [r.CALL, r.APP_QRZLOG_STATUS, r.APP_QRZLOG_QSLDATE])).toEqual([
        ['JA2QRZ', 'C', '20261116'],
        ['JA3QRZ', 'C', '20261117'],
        ['JA5QRZ', 'C', '20261118'],
      ]);
      expect(fake.requests.map((r) => r.form.OPTION)).toEqual([
        'MODSINCE:2026-11-15,STATUS:CONFIRMED,MAX:2,AFTERLOGID:0,TYPE:ADIF',
        'MODSINCE:2026-11-15,STATUS:CONFIRMED,MAX:2,AFTERLOGID:504,TYPE:ADIF',
      ]);
      expect(result.requests).toBe(2);
    });

    it('nothing confirmed since the date is an empty ADIF, not a failure', async () => {
      expect(await client.fetchConfirmed(KEY, '2099-01-01')).toEqual({ kind: 'ok', adif: '', requests: 1 });
    });

    it('a wrong key, QRZ’s refusal and an outage are told apart', async () => {
      expect(await client.fetchConfirmed('WRONG', '2026-11-01')).toMatchObject({ kind: 'auth' });
      expect(await client.fetchConfirmed(KEY, '15/11/2026')).toEqual({ kind: 'rejected', reason: 'QRZ Logbook refused the request: invalid MODSINCE value: 15/11/2026.' });
      fake.misbehave({ status: 502 });
      expect(await client.fetchConfirmed(KEY, '2026-11-01')).toMatchObject({ kind: 'retry' });
    });
  });

  describe('status', () => {
    it('reports the logbook, DATA’s pairs included', async () => {
      const result = await client.status(KEY);
      expect(result).toMatchObject({ kind: 'ok', logbook: { CALLSIGN: 'W1AW', COUNT: expect.stringMatching(/^\d+$/), CONFIRMED: '0' } });
      expect(fake.requests[0]!.form).toEqual({ KEY, ACTION: 'STATUS' });
      expect(await client.status('WRONG')).toMatchObject({ kind: 'auth' });
    });
  });
});
