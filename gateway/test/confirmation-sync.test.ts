/**
 * Connected services end to end on the embedded default, each against a local server that speaks
 * its documented protocol (infra/src/testing/fake-*.ts): a QSO logged is sent a moment later
 * without delaying the logging; a confirmation the service reports lands on the right QSO; an
 * unchanged QSO is never sent twice, a corrected one is sent again where the service allows it;
 * a refused login stops that user's sync with the service's reason in words; Club Log's 403 stops
 * it at once; a service that is down leaves logging alone; credentials are sealed at rest and
 * never answered back.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Qso, QsoHistoryAnswer, ServiceActionAnswer, ServiceState, ServicesAnswer, SyncedService } from '@hamlog/domain';
import { startFakeClubLog, type FakeClubLog } from '@hamlog/infra/testing/fake-clublog';
import { startFakeEqsl, type FakeEqsl } from '@hamlog/infra/testing/fake-eqsl';
import { startFakeLotw, type FakeLotw } from '@hamlog/infra/testing/fake-lotw';
import { startFakeQrzLogbook, type FakeQrzLogbook } from '@hamlog/infra/testing/fake-qrz-logbook';
import { makeTestCertificate } from '@hamlog/infra/testing/lotw-test-certificate';
import { ApiClient, startTestServer, type TestServer } from './server-harness';
import { until } from './until';

const QRZ_KEY = 'ABCD-1234-EFGH-5678';
const CLUBLOG_KEY = 'hamlog-developer-key';

describe('connected services: sync with LoTW, QRZ Logbook, Club Log and eQSL', () => {
  let t: TestServer;
  let lotw: FakeLotw;
  let qrz: FakeQrzLogbook;
  let clublog: FakeClubLog;
  let eqsl: FakeEqsl;
  const clients: ApiClient[] = [];

  beforeAll(async () => {
    [lotw, qrz, clublog, eqsl] = await Promise.all([startFakeLotw(), startFakeQrzLogbook({ logbooks: { [QRZ_KEY]: [] } }), startFakeClubLog({ apiKeys: [CLUBLOG_KEY], blockAfter: 3 }), startFakeEqsl()]);
    t = await startTestServer(
      { LOTW_URL: lotw.baseUrl, QRZ_LOGBOOK_URL: qrz.url, CLUBLOG_URL: clublog.baseUrl, CLUBLOG_API_KEY: CLUBLOG_KEY, EQSL_URL: eqsl.baseUrl },
      { confirmationSyncAfterMs: 100, qrzCallGapMs: 0 },
    );
  });
  afterAll(async () => {
    await t?.stop();
    await Promise.all([lotw?.close(), qrz?.close(), clublog?.close(), eqsl?.close()]);
  });

  async function user(callsign: string): Promise<ApiClient> {
    const client = new ApiClient(t.url);
    await client.signUp(`${callsign.toLowerCase()}@example.com`, callsign);
    clients.push(client);
    return client;
  }

  async function log(who: ApiClient, data: Record<string, unknown>): Promise<string> {
    const started = performance.now();
    const res = await who.post<{ qdo_id: string }>('/vqso/upsert', { data: { Freq: 14074, Mode: 'FT8', ...data } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // A service that is slow or down never delays logging.
    expect(performance.now() - started).toBeLessThan(2_000);
    return res.body.qdo_id;
  }

  const stateOf = async (who: ApiClient, service: SyncedService): Promise<ServiceState> => {
    const res = await who.post<ServicesAnswer>('/vservices');
    expect(res.status).toBe(200);
    return res.body.services.find((s) => s.service === service)!;
  };

  /** The service's state once its sync is over (not queued or syncing) and `done` holds. */
  const settled = (who: ApiClient, service: SyncedService, done: (s: ServiceState) => boolean = () => true) =>
    until(() => stateOf(who, service), (s) => s.status !== 'queued' && s.status !== 'syncing' && done(s), 20_000, 100);

  const qso = async (who: ApiClient, qdoId: string) => (await who.post<{ qso: Qso }>('/vgetFullQso', { qdo_id: qdoId })).body.qso;

  it('LoTW: signs and uploads new QSOs, confirms the one LoTW matched, never sends a QSO twice', async () => {
    const alice = await user('K9CTS');
    lotw.addAccount({ login: 'k9cts', password: 'lotw-pass', callsign: 'K9CTS' });
    const cert = makeTestCertificate({ callsign: 'K9CTS', password: 'cert-pass' });
    const connect = await alice.post<ServiceActionAnswer>('/vservices/connect', {
      service: 'lotw', login: 'k9cts', password: 'lotw-pass', certificate: Buffer.from(cert.p12).toString('base64'), certificate_password: 'cert-pass', gridsquare: 'EN34qu',
    });
    expect(connect.status, JSON.stringify(connect.body)).toBe(200);
    expect(JSON.stringify(connect.body)).not.toContain('lotw-pass');
    expect(connect.body.service).toMatchObject({ connected: true, settings: { login: 'k9cts', gridsquare: 'EN34qu' } });
    expect(connect.body.service.stored_secrets.sort()).toEqual(['certificate', 'certificate_password', 'password']);

    const first = await log(alice, { Call: 'N5ILQ', TS: '2026-11-20T18:20:54Z', Freq: 14061, Mode: 'CW' });
    const second = await log(alice, { Call: 'W3IQ', TS: '2026-11-20T17:12:27Z', Freq: 14050, Mode: 'CW' });
    const synced = await settled(alice, 'lotw', (s) => s.counts.uploaded === 2);
    // Every wait below says what it waited for: none of them may run out.
    expect(synced).toMatchObject({ status: 'idle', last_error: null, counts: { uploaded: 2, pending: 0, confirmed: 0, rejected: 0 } });
    expect(lotw.qsos('k9cts').map((q) => q.call).sort()).toEqual(['N5ILQ', 'W3IQ']);
    expect((await qso(alice, first)).adif).toMatchObject({ LOTW_QSL_SENT: 'Y' });
    const uploads = lotw.uploads.length;

    lotw.confirm('k9cts', { call: 'N5ILQ' }, { GRIDSQUARE: 'EM15', STATE: 'OK' });
    expect((await alice.post('/vservices/sync', { service: 'lotw' })).status).toBe(200);
    const confirmed = await settled(alice, 'lotw', (s) => s.counts.confirmed === 1);
    expect(confirmed.counts).toMatchObject({ uploaded: 2, confirmed: 1 });
    expect(confirmed.last_result).toMatch(/1 QSO newly confirmed/);
    expect((await qso(alice, first)).adif).toMatchObject({ LOTW_QSL_RCVD: 'Y', STATE: 'OK' });
    expect((await qso(alice, second)).adif?.LOTW_QSL_RCVD).toBeUndefined();
    const history = await alice.post<QsoHistoryAnswer>('/vqso/history', { qdo_id: first });
    expect(history.body.history.map((h) => h.label)).toEqual(['Logged', expect.stringMatching(/^Uploaded to LoTW on \d{4}-\d{2}-\d{2}$/), expect.stringMatching(/^Confirmed by LoTW on \d{4}-\d{2}-\d{2}$/)]);
    // Nothing was sent again: ARRL asks that QSOs LoTW has are not resent.
    expect(lotw.uploads.length).toBe(uploads);

    // A wrong password: LoTW answers its HTML page; the sync stops with the reason.
    lotw.addAccount({ login: 'k9cts', password: 'changed-at-lotw', callsign: 'K9CTS' });
    await alice.post('/vservices/sync', { service: 'lotw' });
    const stopped = await settled(alice, 'lotw', (s) => s.status === 'stopped');
    expect(stopped.last_error).toMatch(/LoTW/);
    const refused = await alice.post<{ message: string }>('/vservices/sync', { service: 'lotw' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Connect LoTW again/);
    // Connecting again with the right password (the certificate kept) goes on.
    expect((await alice.post('/vservices/connect', { service: 'lotw', login: 'k9cts', password: 'changed-at-lotw' })).status).toBe(200);
    expect((await settled(alice, 'lotw', (s) => s.status === 'idle')).last_error).toBeNull();
  });

  it('QRZ Logbook: inserts, replaces a corrected QSO, fetches confirmations; a wrong key stops the sync', async () => {
    const bob = await user('K1JT');
    expect((await bob.post('/vservices/connect', { service: 'qrz', api_key: QRZ_KEY })).status).toBe(200);
    const id = await log(bob, { Call: 'DL1ABC', TS: '2026-11-21T10:00:00Z' });
    await settled(bob, 'qrz', (s) => s.counts.uploaded === 1);
    expect(qrz.logbook(QRZ_KEY)!.map((q) => q.fields.CALL)).toEqual(['DL1ABC']);

    // A correction is sent again with OPTION=REPLACE.
    expect((await bob.post('/vqso/update', { qdo_id: id, Name: 'Hans' })).status).toBe(200);
    await until(() => Promise.resolve(qrz.requests.filter((r) => r.form.OPTION?.includes('REPLACE')).length), (n) => n === 1, 20_000, 100);
    await settled(bob, 'qrz', (s) => s.counts.pending === 0);
    expect(qrz.logbook(QRZ_KEY)!.map((q) => [q.fields.CALL, q.fields.NAME])).toEqual([['DL1ABC', 'Hans']]);
    const inserts = qrz.requests.filter((r) => r.form.ACTION === 'INSERT').length;

    qrz.confirm(QRZ_KEY, qrz.logbook(QRZ_KEY)![0]!.logid, new Date().toISOString().slice(0, 10));
    await bob.post('/vservices/sync', { service: 'qrz' });
    await settled(bob, 'qrz', (s) => s.counts.confirmed === 1);
    expect((await qso(bob, id)).adif).toMatchObject({ QRZCOM_QSO_UPLOAD_STATUS: 'Y', QRZCOM_QSO_DOWNLOAD_STATUS: 'Y' });
    expect(qrz.requests.filter((r) => r.form.ACTION === 'INSERT').length).toBe(inserts);

    const carol = await user('G4XYZ');
    await carol.post('/vservices/connect', { service: 'qrz', api_key: 'not-a-key' });
    await log(carol, { Call: 'JA1ABC', TS: '2026-11-21T11:00:00Z' });
    const stopped = await settled(carol, 'qrz', (s) => s.status === 'stopped');
    expect(stopped.last_error).toMatch(/QRZ/);
    expect(stopped.counts).toMatchObject({ uploaded: 0, pending: 1 });
  });

  it("Club Log: realtime per QSO, matches as confirmations; a 403 stops that user's sync at once", async () => {
    const dave = await user('SM5ABC');
    clublog.addAccount({ email: 'sm5abc@example.com', password: 'app-pass', callsign: 'SM5ABC' });
    expect((await dave.post('/vservices/connect', { service: 'clublog', email: 'sm5abc@example.com', password: 'app-pass' })).status).toBe(200);
    const id = await log(dave, { Call: 'VK2XYZ', TS: '2026-11-22T08:00:00Z', Freq: 21074 });
    await settled(dave, 'clublog', (s) => s.counts.uploaded === 1);
    expect(clublog.log('SM5ABC').map((r) => r.CALL)).toEqual(['VK2XYZ']);
    clublog.addMatch('SM5ABC', ['VK2XYZ', 150, '2026-11-22 08:01:00', 15, 'FT8']);
    await dave.post('/vservices/sync', { service: 'clublog' });
    expect((await settled(dave, 'clublog', (s) => s.counts.confirmed === 1)).counts.confirmed).toBe(1);
    expect((await qso(dave, id)).adif).toMatchObject({ CLUBLOG_QSO_UPLOAD_STATUS: 'Y', APP_HAMLOG_CLUBLOG_QSL_RCVD: 'Y' });

    // A QSO Club Log refuses: kept with the reason, shown to the owner, not sent again until it changes.
    clublog.misbehave({ status: 400, body: 'Rejected: the QSO date is outside the log' });
    const refusedId = await log(dave, { Call: 'ZL1ABC', TS: '2026-11-22T09:00:00Z', Freq: 21074 });
    const refused = await settled(dave, 'clublog', (s) => s.counts.rejected === 1);
    clublog.misbehave(null);
    expect(refused.rejections).toEqual([{ qdo_id: refusedId, call: 'ZL1ABC', ts: '2026-11-22T09:00:00Z', reason: expect.stringMatching(/outside the log/) }]);
    expect(refused.counts.pending).toBe(0);
    const history = await dave.post<QsoHistoryAnswer>('/vqso/history', { qdo_id: refusedId });
    expect(history.body.rejections).toEqual([{ service: 'clublog', reason: expect.stringMatching(/outside the log/), at: expect.any(String) }]);
    await dave.post('/vservices/sync', { service: 'clublog' });
    await settled(dave, 'clublog');
    expect(clublog.log('SM5ABC').map((r) => r.CALL)).toEqual(['VK2XYZ']);
    // Corrected, it goes again, and the refusal is gone.
    expect((await dave.post('/vqso/update', { qdo_id: refusedId, TS: '2026-11-22T09:01:00Z' })).status).toBe(200);
    expect((await settled(dave, 'clublog', (s) => s.counts.uploaded === 2)).counts.rejected).toBe(0);
    expect(clublog.log('SM5ABC').map((r) => r.CALL)).toEqual(['VK2XYZ', 'ZL1ABC']);

    const erin = await user('EA1AAA');
    clublog.addAccount({ email: 'ea1aaa@example.com', password: 'right', callsign: 'EA1AAA' });
    const before = clublog.requests.length;
    await erin.post('/vservices/connect', { service: 'clublog', email: 'ea1aaa@example.com', password: 'wrong' });
    await log(erin, { Call: 'K1ABC', TS: '2026-11-22T09:00:00Z' });
    await log(erin, { Call: 'K2ABC', TS: '2026-11-22T09:05:00Z' });
    const stopped = await settled(erin, 'clublog', (s) => s.status === 'stopped');
    expect(stopped.last_error).toMatch(/Club Log/);
    // One refused request, not one per QSO: Club Log blocks addresses that repeat them.
    await new Promise((r) => setTimeout(r, 500));
    expect(clublog.requests.length - before).toBe(1);
    expect(clublog.blocked).toBe(false);
  });

  it('eQSL: uploads, takes the inbox as confirmations; a service that is down is tried again later and logging goes on', async () => {
    const fay = await user('VK2XYZ');
    eqsl.addAccount({ user: 'VK2XYZ', password: 'eqsl-pass' });
    expect((await fay.post('/vservices/connect', { service: 'eqsl', user: 'VK2XYZ', password: 'eqsl-pass' })).status).toBe(200);
    const id = await log(fay, { Call: 'JA1XYZ', TS: '2026-11-23T05:00:00Z', Freq: 21074 });
    await settled(fay, 'eqsl', (s) => s.counts.uploaded === 1);
    expect(eqsl.log('VK2XYZ').map((r) => r.CALL)).toEqual(['JA1XYZ']);
    const arrived = new Date().toISOString().slice(0, 16).replace(/[-T:]/g, '');
    eqsl.addInbox('VK2XYZ', { fields: { CALL: 'JA1XYZ', QSO_DATE: '20261123', TIME_ON: '0500', BAND: '15M', MODE: 'FT8', QSL_SENT: 'Y' }, rcvd: arrived });
    await fay.post('/vservices/sync', { service: 'eqsl' });
    await settled(fay, 'eqsl', (s) => s.counts.confirmed === 1);
    const confirmed = await qso(fay, id);
    expect(confirmed.adif).toMatchObject({ EQSL_QSL_SENT: 'Y', EQSL_QSL_RCVD: 'Y' });
    // The inbox record is the other station's view: its QSL_SENT is not our paper card.
    expect(confirmed.adif?.QSL_SENT).toBeUndefined();

    eqsl.misbehave({ status: 503, body: 'Service Unavailable' });
    try {
      await log(fay, { Call: 'JA2XYZ', TS: '2026-11-23T06:00:00Z', Freq: 21074 });
      const failing = await settled(fay, 'eqsl', (s) => s.status === 'error');
      expect(failing.last_error).toMatch(/eQSL/);
      expect(failing.counts.pending).toBe(1);
    } finally {
      eqsl.misbehave(null);
    }
    await fay.post('/vservices/sync', { service: 'eqsl' });
    expect((await settled(fay, 'eqsl', (s) => s.counts.pending === 0)).status).toBe('idle');
  });

  it('keeps credentials sealed at rest, answers none back, and shows each user only their own services', async () => {
    const db = new pg.Client(t.db.url);
    await db.connect();
    try {
      const { rows } = await db.query<{ secrets: string; settings: Record<string, string> }>('SELECT secrets, settings FROM service_connections');
      expect(rows.length).toBeGreaterThanOrEqual(5);
      for (const row of rows) {
        for (const secret of ['lotw-pass', QRZ_KEY, 'app-pass', 'eqsl-pass', 'cert-pass']) expect(row.secrets).not.toContain(secret);
        expect(JSON.stringify(row.settings)).not.toMatch(/pass|ABCD-1234/);
      }
    } finally {
      await db.end();
    }
    const [alice, bob] = clients;
    const listed = await bob!.post<ServicesAnswer>('/vservices');
    expect(listed.body.services.filter((s) => s.connected).map((s) => s.service)).toEqual(['qrz']);
    expect(JSON.stringify(listed.body)).not.toContain(QRZ_KEY);
    expect((await alice!.post<ServicesAnswer>('/vservices')).body.services.find((s) => s.service === 'qrz')!.connected).toBe(false);
    expect((await new ApiClient(t.url).post('/vservices')).status).toBe(401);
    const bad = await bob!.post<{ errors: Record<string, string[]> }>('/vservices/connect', { service: 'lotw', login: '', certificate: 'not base64 !' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['certificate', 'login', 'password']);
    expect((await bob!.post('/vservices/connect', { service: 'fax' })).status).toBe(422);
  });
});
