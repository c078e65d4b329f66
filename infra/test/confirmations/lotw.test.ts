import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readAdif } from '@hamlog/domain';
import { readGabbi } from '../../src/confirmations/gabbi';
import { openLotwCertificate, type LotwCertificate } from '../../src/confirmations/lotw-certificate';
import { LotwClient } from '../../src/confirmations/lotw-client';
import { lotwMode } from '../../src/confirmations/lotw-modes';
import { lotwSignData } from '../../src/confirmations/lotw-signdata';
import { buildTq8, type LotwQso, type LotwStation } from '../../src/confirmations/lotw-tq8';
import { startFakeLotw, type FakeLotw } from '../../src/testing/fake-lotw';
import { makeTestCertificate, type TestCertificate } from '../../src/testing/lotw-test-certificate';

const STATION: LotwStation = { callsign: 'W1AW', dxcc: 291, gridsquare: 'FN31pr', cqz: 5, ituz: 8, state: 'CT', county: 'CT,Hartford' };
const FT4: LotwQso = { call: 'dl1abc', band: '20m', mode: 'MFSK', submode: 'FT4', freqMhz: 14.08, qsoDate: '20261115', timeOn: '183012' };
const SAT: LotwQso = { call: 'EA4XYZ', band: '2m', mode: 'FM', freqMhz: 145.85, qsoDate: '20261116', timeOn: '0712', propMode: 'SAT', satName: 'AO-91' };
const REAL_REPORT = fileURLToPath(new URL('../../../../shared/data/adif/lotwreport.adi', import.meta.url));

function opened(cert: TestCertificate): LotwCertificate {
  const result = openLotwCertificate(cert.p12, cert.password);
  if ('kind' in result) throw new Error(result.reason);
  return result;
}

describe('LoTW SIGNDATA (TrustedQSL sigspec LOTW 2.0)', () => {
  it('matches what TrustedQSL signed in files LoTW accepted', () => {
    // From a .tq8 written by TQSL 2.5.1 (station PY2RAF).
    expect(
      lotwSignData(
        { CALL: 'PY2RAF', DXCC: '108', GRIDSQUARE: 'GG66gm', ITUZ: '15', CQZ: '11' },
        { CALL: 'PY2XX', BAND: '70CM', MODE: 'FAX', FREQ: '439.480', QSO_DATE: '2019-12-31', QSO_TIME: '10:00:00Z' },
      ),
    ).toBe('11GG66GM1570CMPY2XX439.480FAX2019-12-3110:00:00Z');
    // A satellite QSO from a US station with state and county.
    expect(
      lotwSignData(
        { CALL: 'N8HM', DXCC: '291', GRIDSQUARE: 'FM18lu', US_STATE: 'VA', US_COUNTY: 'Arlington', CQZ: '5', ITUZ: '8' },
        { CALL: 'N9EAT/VE3', BAND: '2M', BAND_RX: '70CM', FREQ: '145.9500', FREQ_RX: '435.8500', MODE: 'SSB', PROP_MODE: 'SAT', SAT_NAME: 'FO-29', QSO_DATE: '2026-06-28', QSO_TIME: '01:18:00Z' },
      ),
    ).toBe('5FM18LU8ARLINGTONVA2M70CMN9EAT/VE3145.9500435.8500SSBSAT2026-06-2801:18:00ZFO-29');
  });

  it('maps ADIF modes and submodes to LoTW modes as TrustedQSL does', () => {
    expect([lotwMode('MFSK', 'FT4'), lotwMode('MFSK', 'JS8'), lotwMode('PSK', 'BPSK31'), lotwMode('SSB', 'USB'), lotwMode('ft8'), lotwMode('PKT')]).toEqual([
      'FT4', 'DATA', 'PSK31', 'SSB', 'FT8', 'PACKET',
    ]);
  });
});

describe('LotwClient against a local LoTW', () => {
  let fake: FakeLotw;
  let cert: TestCertificate;
  let client: LotwClient;

  beforeAll(async () => {
    fake = await startFakeLotw();
    fake.addAccount({ login: 'w1aw', password: 'hunter2', callsign: 'W1AW' });
    fake.addAccount({ login: 'k1ttt', password: 'pw', callsign: 'K1TTT' });
    cert = makeTestCertificate({ callsign: 'W1AW', password: 'p12-secret' });
    client = new LotwClient({ baseUrl: fake.baseUrl, timeoutMs: 5_000 });
  });
  afterAll(async () => fake?.close());
  afterEach(() => {
    fake.requests.length = 0;
    fake.misbehave(null);
  });

  describe('upload', () => {
    it('signs a .tq8 LoTW verifies, and LoTW holds the QSOs', async () => {
      expect(await client.upload([FT4, SAT], STATION, cert)).toEqual({ kind: 'ok' });
      const held = fake.qsos('w1aw');
      expect(held.map((q) => [q.call, q.band, q.mode, q.qsoDate, q.timeOn])).toEqual([
        ['DL1ABC', '20M', 'FT4', '20261115', '183012'],
        ['EA4XYZ', '2M', 'FM', '20261116', '071200'],
      ]);
      const request = fake.requests[0]!;
      expect(request).toMatchObject({ method: 'POST', path: '/lotw/upload' });
      expect(request.files.upfile!.filename).toMatch(/\.tq8$/);
      expect(request.userAgent).toMatch(/^HamLog\//);
    });

    it('writes the records as TrustedQSL does', async () => {
      expect(await client.upload([FT4], STATION, cert)).toEqual({ kind: 'ok' });
      const text = fake.uploads.at(-1)!.text!;
      expect(text).toMatch(/^<TQSL_IDENT:\d+>TQSL [^\n]*AllowDupes: false\n\n<Rec_Type:5>tCERT\n<CERT_UID:1>1\n<CERTIFICATE:\d+>MII/);
      expect(text).toContain('<Rec_Type:8>tSTATION\n<STATION_UID:1>1\n<CERT_UID:1>1\n<CALL:4>W1AW\n<DXCC:3>291\n<GRIDSQUARE:6>FN31pr\n<ITUZ:1>8\n<CQZ:1>5\n<US_STATE:2>CT\n<US_COUNTY:8>Hartford\n<eor>');
      expect(text).toMatch(
        /<Rec_Type:8>tCONTACT\n<STATION_UID:1>1\n<CALL:6>DL1ABC\n<BAND:3>20M\n<MODE:3>FT4\n<FREQ:5>14\.08\n<QSO_DATE:10>2026-11-15\n<QSO_TIME:9>18:30:12Z\n<SIGN_LOTW_V2\.0:\d+:6>[A-Za-z0-9+/=\n]+\n<SIGNDATA:\d+>5FN31PR8HARTFORDCT20MDL1ABC14\.08FT42026-11-1518:30:12Z\n<eor>/,
      );
      expect(readGabbi(text)!.records.map((r) => r.type)).toEqual(['tCERT', 'tSTATION', 'tCONTACT']);
    });

    it('sending QSOs LoTW already holds is accepted and stores nothing twice (LoTW reports no duplicates)', async () => {
      const before = fake.qsos('w1aw').length;
      expect(await client.upload([FT4, SAT], STATION, cert)).toEqual({ kind: 'ok' });
      expect(fake.qsos('w1aw')).toHaveLength(before);
    });

    it('reads a .p12 packed with the legacy ciphers TrustedQSL uses (RC2-40, 3DES) and with AES', async () => {
      for (const packing of ['openssl-legacy', 'aes256'] as const) {
        const other = makeTestCertificate({ callsign: 'W1AW', password: 'legacy', packing });
        expect(await client.upload([{ ...FT4, call: `G${packing.length}ABC` }], STATION, other)).toEqual({ kind: 'ok' });
      }
    });

    it('rejects a file whose contact was changed after signing: the fields no longer match SIGNDATA', async () => {
      const text = buildTq8([FT4], STATION, opened(cert)).replace('<CALL:6>DL1ABC', '<CALL:6>DL9ABC');
      const outcome = await client.uploadTq8(gzipSync(text));
      expect(outcome).toEqual({ kind: 'rejected', reason: expect.stringContaining('does not match the QSO') });
      expect(fake.uploads.at(-1)!.accepted).toBe(false);
    });

    it('rejects a file whose SIGNDATA and fields were both changed: the signature does not verify', async () => {
      const text = buildTq8([FT4], STATION, opened(cert)).replace('<CALL:6>DL1ABC', '<CALL:6>DL9ABC').replace('20MDL1ABC', '20MDL9ABC');
      expect(await client.uploadTq8(gzipSync(text))).toEqual({ kind: 'rejected', reason: expect.stringContaining('signature verification failed') });
    });

    it('rejects a file signed with a key that is not the certificate’s', async () => {
      const impostor = opened(makeTestCertificate({ callsign: 'W1AW', password: 'x' }));
      const text = buildTq8([FT4], STATION, { ...opened(cert), sign: impostor.sign });
      expect(await client.uploadTq8(gzipSync(text))).toEqual({ kind: 'rejected', reason: expect.stringContaining('signature verification failed') });
    });

    it('rejects a certificate LoTW does not know, and a file that is not a .tq8', async () => {
      const stranger = makeTestCertificate({ callsign: 'ZZ9ZZZ', password: 'x' });
      expect(await client.upload([FT4], { ...STATION, callsign: 'ZZ9ZZZ' }, stranger)).toEqual({
        kind: 'rejected',
        reason: 'LoTW rejected the upload: The certificate for ZZ9ZZZ is not a Logbook of the World certificate.',
      });
      expect(await client.uploadTq8(gzipSync('<ADIF_VER:5>3.1.6<eoh>'))).toMatchObject({ kind: 'rejected' });
      expect(await client.uploadTq8(new TextEncoder().encode('not gzip'))).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('compressed') });
    });

    it('a wrong certificate password, an expired certificate or another callsign’s certificate stops the sync (auth), before any request', async () => {
      expect(await client.upload([FT4], STATION, { p12: cert.p12, password: 'wrong' })).toEqual({
        kind: 'auth',
        reason: expect.stringContaining('password of your LoTW certificate (.p12) is wrong'),
      });
      const expired = makeTestCertificate({ callsign: 'W1AW', password: 'x', notBefore: new Date('2020-01-01'), notAfter: new Date('2021-01-01') });
      expect(await client.upload([FT4], STATION, expired)).toEqual({ kind: 'auth', reason: expect.stringContaining('expired on 2021-01-01') });
      expect(await client.upload([FT4], { ...STATION, callsign: 'K1TTT' }, cert)).toEqual({
        kind: 'auth',
        reason: 'Your LoTW certificate is for W1AW, but these QSOs were made as K1TTT. Upload the certificate for K1TTT.',
      });
      expect(await client.upload([FT4], STATION, { p12: new TextEncoder().encode('junk'), password: '' })).toMatchObject({ kind: 'auth' });
      expect(fake.requests).toHaveLength(0);
    });

    it('a QSO LoTW cannot take is rejected before sending', async () => {
      expect(await client.upload([{ ...FT4, band: '' }], STATION, cert)).toEqual({ kind: 'rejected', reason: expect.stringContaining('has no band') });
      expect(await client.upload([{ ...SAT, satName: undefined }], STATION, cert)).toEqual({ kind: 'rejected', reason: expect.stringContaining("satellite's name") });
      expect(fake.requests).toHaveLength(0);
    });

    it('a server error, a hang, a closed port or an unknown page is worth another try', async () => {
      fake.misbehave({ status: 503 });
      expect(await client.upload([FT4], STATION, cert)).toEqual({ kind: 'retry', reason: 'LoTW is having trouble (HTTP 503); HamLog will try again later.' });
      fake.misbehave({ status: 200, body: '<html><body>Welcome to LoTW</body></html>' });
      expect(await client.upload([FT4], STATION, cert)).toMatchObject({ kind: 'retry', reason: expect.stringContaining('does not recognise') });
      fake.misbehave({ hangMs: 2_000 });
      const impatient = new LotwClient({ baseUrl: fake.baseUrl, timeoutMs: 300 });
      expect(await impatient.upload([FT4], STATION, cert)).toEqual({ kind: 'retry', reason: 'LoTW did not answer within 0.3 s; HamLog will try again later.' });
      const closed = await startFakeLotw();
      await closed.close();
      expect(await new LotwClient({ baseUrl: closed.baseUrl }).upload([FT4], STATION, cert)).toEqual({
        kind: 'retry',
        reason: 'HamLog could not reach LoTW; it will try again later.',
      });
    });
  });

  describe('report', () => {
    it('asks with LoTW’s parameters and a wrong login (an HTML page) is an auth failure', async () => {
      expect(await client.downloadReport({ login: 'w1aw', password: 'nope', mode: 'qsl' })).toEqual({
        kind: 'auth',
        reason: 'LoTW refused the user name or password. Check them in Settings: they are your LoTW website login, not the certificate password.',
      });
      const request = fake.requests[0]!;
      expect(request.path).toBe('/lotwuser/lotwreport.adi');
      expect(request.query).toEqual({ login: 'w1aw', password: 'nope', qso_query: '1', qso_qsl: 'yes', qso_qsldetail: 'yes', qso_mydetail: 'yes' });
    });

    it('round-trips the cursors: received QSOs since APP_LoTW_LASTQSORX, confirmations since APP_LoTW_LASTQSL', async () => {
      fake.addAccount({ login: 'cursor', password: 'pw', callsign: 'N1CUR' });
      fake.receive('cursor', { owncall: 'N1CUR', call: 'JA1AAA', band: '20M', mode: 'FT8', qsoDate: '20261101', timeOn: '101500' });
      fake.receive('cursor', { owncall: 'N1CUR', call: 'VK2BBB', band: '40M', mode: 'CW', qsoDate: '20261102', timeOn: '111500' });

      const received = await client.downloadReport({ login: 'cursor', password: 'pw', mode: 'received' });
      if (received.kind !== 'ok') throw new Error(received.reason);
      expect(readAdif(received.adif).records.map((r) => r.fields.CALL)).toEqual(['JA1AAA', 'VK2BBB']);
      expect(received).toMatchObject({ records: 2, lastQsoRx: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), lastQsl: undefined });
      expect(fake.requests.at(-1)!.query).toMatchObject({ qso_qsl: 'no' });
      expect(fake.requests.at(-1)!.query.qso_qsorxsince).toBeUndefined();

      const none = await client.downloadReport({ login: 'cursor', password: 'pw', mode: 'qsl' });
      expect(none).toMatchObject({ kind: 'ok', records: 0, lastQsl: undefined });

      const first = fake.confirm('cursor', { call: 'JA1AAA' }, { DXCC: '339', GRIDSQUARE: 'PM95', CQZ: '25', ITUZ: '45' });
      const confirmed = await client.downloadReport({ login: 'cursor', password: 'pw', mode: 'qsl' });
      if (confirmed.kind !== 'ok') throw new Error(confirmed.reason);
      expect(confirmed.lastQsl).toBe(first.rxQsl);
      const record = readAdif(confirmed.adif).records[0]!.fields;
      expect(record).toMatchObject({ CALL: 'JA1AAA', QSL_RCVD: 'Y', APP_LOTW_RXQSL: first.rxQsl, DXCC: '339', GRIDSQUARE: 'PM95', APP_LOTW_MODEGROUP: 'DATA' });

      const second = fake.confirm('cursor', { call: 'VK2BBB' });
      const next = await client.downloadReport({ login: 'cursor', password: 'pw', mode: 'qsl', since: confirmed.lastQsl });
      if (next.kind !== 'ok') throw new Error(next.reason);
      expect(fake.requests.at(-1)!.query).toMatchObject({ qso_qsl: 'yes', qso_qslsince: first.rxQsl });
      // LoTW's 'since' is inclusive: the last confirmation comes again with the new one.
      expect(readAdif(next.adif).records.map((r) => r.fields.CALL)).toEqual(['JA1AAA', 'VK2BBB']);
      expect(next.lastQsl).toBe(second.rxQsl);

      const after = await client.downloadReport({ login: 'cursor', password: 'pw', mode: 'received', since: received.lastQsoRx });
      expect(after).toMatchObject({ kind: 'ok', records: 1, lastQsoRx: received.lastQsoRx });
    });

    it('limits the report to one of the user’s callsigns with qso_owncall', async () => {
      await client.downloadReport({ login: 'w1aw', password: 'hunter2', mode: 'received', owncall: 'W1AW', since: '2026-11-01' });
      expect(fake.requests.at(-1)!.query).toMatchObject({ qso_owncall: 'W1AW', qso_qsorxsince: '2026-11-01' });
    });

    it.skipIf(!existsSync(REAL_REPORT))('reads the cursor and count of a real LoTW report', async () => {
      fake.misbehave({ status: 200, body: readFileSync(REAL_REPORT, 'utf8') });
      expect(await client.downloadReport({ login: 'w1aw', password: 'hunter2', mode: 'qsl' })).toMatchObject({
        kind: 'ok',
        lastQsl: '2022-06-02 23:31:22',
        records: 438,
      });
    });

    it('a server error, a hang, a maintenance page or a report cut short is worth another try', async () => {
      const query = { login: 'w1aw', password: 'hunter2', mode: 'qsl' } as const;
      fake.misbehave({ status: 500 });
      expect(await client.downloadReport(query)).toMatchObject({ kind: 'retry' });
      fake.misbehave({ status: 200, body: '<html><body><h1>LoTW is down for maintenance</h1><p>Please try again later.</p></body></html>' });
      expect(await client.downloadReport(query)).toMatchObject({ kind: 'retry', reason: expect.stringContaining('down for maintenance') });
      fake.misbehave({ status: 200, body: 'ARRL Logbook of the World Status Report\n<eoh>\n<CALL:4>K1AB\n<BAND:3>20M' });
      expect(await client.downloadReport(query)).toEqual({ kind: 'retry', reason: "LoTW's report was cut short; HamLog will ask again later." });
      fake.misbehave({ hangMs: 2_000 });
      expect(await new LotwClient({ baseUrl: fake.baseUrl, timeoutMs: 300 }).downloadReport(query)).toMatchObject({
        kind: 'retry',
        reason: expect.stringContaining('did not answer within 0.3 s'),
      });
    });
  });
});
