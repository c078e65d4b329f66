import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeAdifHeader, writeAdifRecord } from '@hamlog/domain';
import { ClubLogClient, type ClubLogCredentials } from '../../src/confirmations/clublog-client';
import { startFakeClubLog, type FakeClubLog } from '../../src/testing/fake-clublog';

const CREDS: ClubLogCredentials = { email: 'op@example.org', password: 'app-password', callsign: 'W1AW', apiKey: 'HAMLOG-DEV-KEY' };

const record = (call: string, extra: Record<string, string> = {}) =>
  writeAdifRecord({ CALL: call, QSO_DATE: '20261120', TIME_ON: '183000', BAND: '20m', MODE: 'CW', ...extra });

describe('ClubLogClient against a local Club Log', () => {
  let fake: FakeClubLog;
  let client: ClubLogClient;

  beforeAll(async () => {
    fake = await startFakeClubLog({ apiKeys: [CREDS.apiKey], blockAfter: 3 });
    fake.addAccount({ email: CREDS.email, password: CREDS.password, callsign: CREDS.callsign });
    client = new ClubLogClient({ baseUrl: fake.baseUrl, timeoutMs: 5_000 });
  });
  afterAll(async () => fake?.close());
  afterEach(() => {
    fake.requests.length = 0;
    fake.misbehave(null);
    fake.unblock();
  });

  describe('realtime', () => {
    it('sends one QSO with the credentials as a form', async () => {
      expect(await client.realtime(CREDS, record('DL1ABC'))).toEqual({ kind: 'ok' });
      expect(fake.requests[0]).toMatchObject({
        method: 'POST',
        path: '/realtime.php',
        fields: { email: CREDS.email, password: CREDS.password, callsign: 'W1AW', api: CREDS.apiKey, adif: record('DL1ABC') },
      });
      expect(fake.requests[0]!.userAgent).toMatch(/^HamLog\//);
      expect(fake.log('W1AW').map((q) => q.CALL)).toEqual(['DL1ABC']);
    });

    it('a QSO Club Log already holds is a duplicate (already sent)', async () => {
      expect(await client.realtime(CREDS, record('G4DUP'))).toEqual({ kind: 'ok' });
      expect(await client.realtime(CREDS, record('G4DUP'))).toEqual({ kind: 'duplicate' });
    });

    it('400 is a refusal with Club Log’s reason', async () => {
      expect(await client.realtime(CREDS, writeAdifRecord({ CALL: 'EA1BAD', QSO_DATE: '20261120', TIME_ON: '1830' }))).toEqual({
        kind: 'rejected',
        reason: 'Club Log refused it: Invalid ADIF: missing BAND',
      });
    });

    it('403 (a wrong password or API key) blocks at once, and repeated 403s get the address blocked', async () => {
      const wrong = await client.realtime({ ...CREDS, password: 'website-password' }, record('K1AB'));
      expect(wrong).toEqual({ kind: 'blocked', reason: expect.stringContaining('HTTP 403') });
      expect(await client.realtime({ ...CREDS, apiKey: 'someone-else' }, record('K1AB'))).toMatchObject({ kind: 'blocked' });
      expect(fake.blocked).toBe(false);
      await client.realtime({ ...CREDS, password: 'again' }, record('K1AB'));
      expect(fake.blocked).toBe(true);
      expect(await client.realtime(CREDS, record('K1AB'))).toMatchObject({ kind: 'blocked' });
    });

    it('500, a hang or a closed port is worth another try', async () => {
      fake.misbehave({ status: 500, body: 'Internal error' });
      expect(await client.realtime(CREDS, record('K2RT'))).toEqual({ kind: 'retry', reason: 'Club Log is having trouble (HTTP 500); HamLog will try again later.' });
      fake.misbehave({ hangMs: 2_000 });
      expect(await new ClubLogClient({ baseUrl: fake.baseUrl, timeoutMs: 300 }).realtime(CREDS, record('K2RT'))).toEqual({
        kind: 'retry',
        reason: 'Club Log did not answer within 0.3 s; HamLog will try again later.',
      });
      const closed = await startFakeClubLog({ apiKeys: [] });
      await closed.close();
      expect(await new ClubLogClient({ baseUrl: closed.baseUrl }).realtime(CREDS, record('K2RT'))).toEqual({
        kind: 'retry',
        reason: 'HamLog could not reach Club Log; it will try again later.',
      });
    });
  });

  describe('putlogs', () => {
    it('sends a backlog as a multipart file; clear=1 replaces the log', async () => {
      const file = writeAdifHeader() + record('JA1AAA') + record('VK2BBB');
      expect(await client.putlogs(CREDS, file)).toEqual({ kind: 'ok' });
      const request = fake.requests[0]!;
      expect(request).toMatchObject({ path: '/putlogs.php', fields: { email: CREDS.email, callsign: 'W1AW', api: CREDS.apiKey } });
      expect(request.fields.clear).toBeUndefined();
      expect(request.files.file!.bytes.toString('utf8')).toBe(file);
      expect(fake.log('W1AW').map((q) => q.CALL)).toEqual(expect.arrayContaining(['JA1AAA', 'VK2BBB']));

      expect(await client.putlogs(CREDS, writeAdifHeader() + record('ZL3CCC'), { clear: true })).toEqual({ kind: 'ok' });
      expect(fake.requests[1]!.fields.clear).toBe('1');
      expect(fake.log('W1AW').map((q) => q.CALL)).toEqual(['ZL3CCC']);
    });

    it('answers like realtime for refusals and outages', async () => {
      expect(await client.putlogs({ ...CREDS, password: 'x' }, record('K1AB'))).toMatchObject({ kind: 'blocked' });
      expect(await client.putlogs(CREDS, 'not adif')).toEqual({ kind: 'rejected', reason: 'Club Log refused it: No ADIF record found' });
      fake.misbehave({ status: 503 });
      expect(await client.putlogs(CREDS, record('K1AB'))).toMatchObject({ kind: 'retry' });
    });
  });

  describe('getMatches', () => {
    it('reads Club Log’s rows, since a day when asked', async () => {
      fake.addMatch('W1AW', ['JA1AAA', 339, '2026-11-01 10:15:00', 20, 'CW']);
      fake.addMatch('W1AW', ['vk2bbb', 150, '2026-11-18 07:00:30', 40, 'ssb']);
      const all = await client.getMatches(CREDS);
      expect(all).toEqual({
        kind: 'ok',
        matches: [
          { call: 'JA1AAA', dxcc: 339, at: '2026-11-01T10:15:00Z', band: '20', mode: 'CW' },
          { call: 'VK2BBB', dxcc: 150, at: '2026-11-18T07:00:30Z', band: '40', mode: 'SSB' },
        ],
      });
      expect(fake.requests[0]!.query).toEqual({ email: CREDS.email, password: CREDS.password, callsign: 'W1AW', api: CREDS.apiKey });

      const since = await client.getMatches(CREDS, '2026-11-05');
      expect(since).toMatchObject({ kind: 'ok', matches: [{ call: 'VK2BBB' }] });
      expect(fake.requests[1]!.query).toMatchObject({ startyear: '2026', startmonth: '11', startday: '5' });
    });

    it('403 blocks; an answer that is not JSON, a server error or a hang is worth another try', async () => {
      expect(await client.getMatches({ ...CREDS, email: 'other@example.org' })).toMatchObject({ kind: 'blocked' });
      fake.misbehave({ status: 200, body: '<html>Oops</html>' });
      expect(await client.getMatches(CREDS)).toMatchObject({ kind: 'retry', reason: expect.stringContaining('could not read') });
      fake.misbehave({ status: 502 });
      expect(await client.getMatches(CREDS)).toMatchObject({ kind: 'retry' });
      fake.misbehave({ hangMs: 2_000 });
      expect(await new ClubLogClient({ baseUrl: fake.baseUrl, timeoutMs: 300 }).getMatches(CREDS)).toMatchObject({ kind: 'retry' });
    });
  });
});
