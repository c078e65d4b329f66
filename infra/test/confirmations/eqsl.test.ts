import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readAdif, writeAdifHeader, writeAdifRecord } from '@hamlog/domain';
import { EqslClient, eqslUploadAdif, type EqslCredentials } from '../../src/confirmations/eqsl-client';
import { startFakeEqsl, type FakeEqsl } from '../../src/testing/fake-eqsl';

const CREDS: EqslCredentials = { user: 'W1AW', password: 'eqsl-pw' };
const HOME: EqslCredentials = { ...CREDS, qthNickname: 'Home' };

const record = (call: string, extra: Record<string, string> = {}) =>
  writeAdifRecord({ CALL: call, QSO_DATE: '20261120', TIME_ON: '1830', BAND: '20M', MODE: 'SSB', ...extra });
const file = (...records: string[]) => writeAdifHeader() + records.join('');

describe('eqslUploadAdif', () => {
  it('puts the credentials in the header and the QTH nickname in each record that has none', () => {
    const adif = eqslUploadAdif(file(record('DL1ABC'), record('G4XYZ', { APP_EQSL_QTH_NICKNAME: 'Portable' })), HOME);
    const read = readAdif(adif);
    expect(read.header!.fields).toMatchObject({ EQSL_USER: 'W1AW', EQSL_PSWD: 'eqsl-pw', PROGRAMID: 'HamLog' });
    expect(read.records.map((r) => r.fields.APP_EQSL_QTH_NICKNAME)).toEqual(['Home', 'Portable']);
    expect(readAdif(eqslUploadAdif(record('DL1ABC'), CREDS)).header!.fields).toMatchObject({ EQSL_USER: 'W1AW' });
  });
});

describe('EqslClient against a local eQSL', () => {
  let fake: FakeEqsl;
  let client: EqslClient;

  beforeAll(async () => {
    fake = await startFakeEqsl();
    fake.addAccount({ user: 'W1AW', password: 'eqsl-pw', nicknames: ['Home', 'Portable'] });
    client = new EqslClient({ baseUrl: fake.baseUrl, timeoutMs: 5_000 });
  });
  afterAll(async () => fake?.close());
  afterEach(() => {
    fake.requests.length = 0;
    fake.misbehave(null);
  });

  describe('upload', () => {
    it('sends the ADIF as the Filename file with the credentials and reports the counts', async () => {
      expect(await client.upload(HOME, file(record('DL1ABC')))).toEqual({ kind: 'ok', counts: { added: 1, total: 1, duplicates: 0, problems: [] } });
      const request = fake.requests[0]!;
      expect(request).toMatchObject({ method: 'POST', path: '/qslcard/ImportADIF.cfm', fields: { EQSL_USER: 'W1AW', EQSL_PSWD: 'eqsl-pw' } });
      expect(request.files.Filename!.filename).toMatch(/\.adi$/);
      expect(request.userAgent).toMatch(/^HamLog\//);
      expect(fake.log('W1AW').map((q) => [q.CALL, q.APP_EQSL_QTH_NICKNAME])).toEqual([['DL1ABC', 'Home']]);
    });

    it('a QSO eQSL already has is a duplicate', async () => {
      await client.upload(HOME, file(record('G4DUP')));
      expect(await client.upload(HOME, file(record('G4DUP')))).toEqual({ kind: 'duplicate', counts: { added: 0, total: 1, duplicates: 1, problems: [] } });
    });

    it('a record eQSL does not take is rejected with eQSL’s words', async () => {
      const outcome = await client.upload(HOME, file(writeAdifRecord({ CALL: 'EA1BAD', QSO_DATE: '20261120', TIME_ON: '1830', BAND: '20M' })));
      expect(outcome).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('Bad record: missing MODE'), counts: { added: 0, total: 1 } });
    });

    it('a file eQSL partly takes is ok, with counts that say what it did not take', async () => {
      await client.upload(HOME, file(record('JA1OLD')));
      const outcome = await client.upload(HOME, file(record('JA1OLD'), record('VK2NEW'), writeAdifRecord({ CALL: 'ZL3BAD', QSO_DATE: '20261120' })));
      expect(outcome).toEqual({
        kind: 'ok',
        counts: { added: 1, total: 3, duplicates: 1, problems: [expect.stringContaining('ZL3BAD') as string] },
      });
    });

    it('a wrong password or an unknown QTH nickname stops the sync with a clear reason', async () => {
      expect(await client.upload({ ...HOME, password: 'nope' }, file(record('K1AB')))).toEqual({
        kind: 'auth',
        reason: 'eQSL refused the user name or password. Check them in Settings.',
      });
      expect(await client.upload({ ...CREDS, qthNickname: 'Cabin' }, file(record('K1AB')))).toEqual({
        kind: 'auth',
        reason: 'eQSL has no QTH profile named "Cabin" for this account. The QTH nickname in Settings must match one of your eQSL QTH nicknames exactly.',
      });
    });

    it('a server error, a hang or an unknown page is worth another try', async () => {
      fake.misbehave({ status: 500 });
      expect(await client.upload(HOME, file(record('K2RT')))).toEqual({ kind: 'retry', reason: 'eQSL is having trouble (HTTP 500); HamLog will try again later.' });
      fake.misbehave({ status: 200, body: '<html><body>Welcome to eQSL.cc</body></html>' });
      expect(await client.upload(HOME, file(record('K2RT')))).toMatchObject({ kind: 'retry', reason: expect.stringContaining('does not recognise') });
      fake.misbehave({ hangMs: 2_000 });
      expect(await new EqslClient({ baseUrl: fake.baseUrl, timeoutMs: 300 }).upload(HOME, file(record('K2RT')))).toEqual({
        kind: 'retry',
        reason: 'eQSL did not answer within 0.3 s; HamLog will try again later.',
      });
    });
  });

  describe('downloadInbox', () => {
    it('fetches the .adi the inbox page links to, since a time when asked', async () => {
      fake.addInbox('W1AW', { rcvd: '202611011200', nickname: 'Home', fields: { CALL: 'JA1AAA', QSO_DATE: '20261030', TIME_ON: '0900', BAND: '20M', MODE: 'CW', QSL_SENT: 'Y' } });
      fake.addInbox('W1AW', { rcvd: '202611181530', nickname: 'Home', fields: { CALL: 'VK2BBB', QSO_DATE: '20261117', TIME_ON: '0700', BAND: '40M', MODE: 'SSB', QSL_SENT: 'Y' } });
      const all = await client.downloadInbox(HOME);
      if (all.kind !== 'ok') throw new Error(all.reason);
      expect(readAdif(all.adif).records.map((r) => r.fields.CALL)).toEqual(['JA1AAA', 'VK2BBB']);
      expect(fake.requests[0]).toMatchObject({ path: '/qslcard/DownloadInBox.cfm', query: { UserName: 'W1AW', Password: 'eqsl-pw', QTHNickname: 'Home' } });
      expect(fake.requests[1]!.path).toMatch(/^\/qslcard\/downloadedfiles\/.+\.adi$/);

      const since = await client.downloadInbox(HOME, '202611100000');
      if (since.kind !== 'ok') throw new Error(since.reason);
      expect(readAdif(since.adif).records.map((r) => r.fields.CALL)).toEqual(['VK2BBB']);
      expect(fake.requests[2]!.query.RcvdSince).toBe('202611100000');
    });

    it('no eQSLs since the time is an empty ADIF', async () => {
      expect(await client.downloadInbox(HOME, '209901010000')).toEqual({ kind: 'ok', adif: '' });
    });

    it('a wrong login or QTH nickname is an auth failure', async () => {
      expect(await client.downloadInbox({ ...HOME, password: 'nope' })).toEqual({ kind: 'auth', reason: 'eQSL refused the user name or password. Check them in Settings.' });
      expect(await client.downloadInbox({ ...CREDS, qthNickname: 'Cabin' })).toMatchObject({ kind: 'auth', reason: expect.stringContaining('"Cabin"') });
    });

    it('a server error, a hang, or a linked file that is not ADIF is worth another try', async () => {
      fake.misbehave({ status: 503 });
      expect(await client.downloadInbox(HOME)).toMatchObject({ kind: 'retry' });
      fake.misbehave({ status: 200, body: 'Your ADIF log file has been built. <A HREF="downloadedfiles/gone.adi">.ADI file</A>' });
      // Every answer is this page now, the linked file's too: what comes back is not ADIF.
      expect(await client.downloadInbox(HOME)).toMatchObject({ kind: 'retry' });
      fake.misbehave({ hangMs: 2_000 });
      expect(await new EqslClient({ baseUrl: fake.baseUrl, timeoutMs: 300 }).downloadInbox(HOME)).toMatchObject({ kind: 'retry' });
    });
  });
});
