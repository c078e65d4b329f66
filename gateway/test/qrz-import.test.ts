/**
 * POST /vimportqrz against a local server speaking QRZ's Logbook API (decision 0038), on the
 * embedded runtime with real PostgreSQL: the last 2 weeks only, new QSOs only, paging, a
 * retried import, and every refusal in words the user can act on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  QRZ_KEY_MISSING,
  qrzImported,
  qrzImportWindow,
  qrzKeyRejected,
  qrzUnreachable,
  type LogbookAnswer,
  type LogbookCountAnswer,
  type QrzImportAnswer,
} from '@hamlog/domain';
import { startFakeQrzLogbook, type FakeQrzLogbook } from '@hamlog/infra/testing/fake-qrz-logbook';
import { ApiClient, startTestServer, type TestServer } from './server-harness';

const KEY = 'A1B2-C3D4-E5F6-0718';
const DAY_MS = 86_400_000;
/** In QRZ's logbook: 600 QSOs in the window (three pages of 250), and older ones that must not come. */
const IN_WINDOW = 600;

/** QSO_DATE of the UTC day `daysAgo` before today. */
const adifDate = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10).replace(/-/g, '');
const hhmm = (n: number) => `${String(Math.floor(n / 60) % 24).padStart(2, '0')}${String(n % 60).padStart(2, '0')}`;

function qrzQso(call: string, daysAgo: number, minute: number, extra: Record<string, string> = {}) {
  return {
    fields: {
      CALL: call,
      QSO_DATE: adifDate(daysAgo),
      TIME_ON: hhmm(minute),
      BAND: '20m',
      FREQ: '14.074',
      MODE: 'FT8',
      RST_SENT: '-10',
      RST_RCVD: '-12',
      STATION_CALLSIGN: 'W1QRZ',
      APP_QRZLOG_STATUS: 'N',
      ...extra,
    },
  };
}

const profile = (qrzKey: string) => ({ name: 'Quentin', email: 'quentin@example.com', qth: 'Newington, CT', grid: 'FN31pr', qrz_api_key: qrzKey });

describe('QRZ Logbook import (/vimportqrz) against a local QRZ Logbook API', () => {
  let t: TestServer;
  let fake: FakeQrzLogbook;
  let quentin: ApiClient;
  const window = qrzImportWindow(new Date());

  const importQrz = async () => {
    const res = await quentin.post<QrzImportAnswer>('/vimportqrz');
    expect(res.status).toBe(200);
    return res.body;
  };
  const count = async () => (await quentin.post<LogbookCountAnswer>('/vlogbookcount')).body.count;

  beforeAll(async () => {
    const qsos = [];
    // Days 1 to 14 back (day 14 is the window's first day), spread over the day's minutes.
    for (let i = 0; i < IN_WINDOW; i += 1) qsos.push(qrzQso(`DL${i}QRZ`, 1 + (i % 14), 60 + i));
    qsos.push(qrzQso('OLD1AA', 15, 600), qrzQso('OLD2BB', 40, 600));
    // The one Quentin logs by hand before importing: QRZ holds it with more fields.
    qsos.push(qrzQso('K1HAND', 3, 1200, { NAME: 'From QRZ', COMMENT: 'qrz copy' }));
    fake = await startFakeQrzLogbook({ logbooks: { [KEY]: qsos } });
    t = await startTestServer({ QRZ_LOGBOOK_URL: fake.url });
    quentin = new ApiClient(t.url);
    await quentin.signUp('quentin@example.com', 'W1QRZ');
  });
  afterAll(async () => {
    await t?.stop();
    await fake?.close();
  });

  it('without a QRZ key in the profile, says to add it there and asks QRZ nothing', async () => {
    expect(await importQrz()).toEqual({ status: 'error', error: QRZ_KEY_MISSING });
    expect(fake.requests).toHaveLength(0);
  });

  it('with a key QRZ rejects, says so with QRZ’s reason and imports nothing', async () => {
    expect((await quentin.post('/vupdateprofile', profile('NOT-A-QRZ-KEY'))).status).toBe(200);
    expect(await importQrz()).toEqual({ status: 'error', error: qrzKeyRejected('invalid api key') });
    expect(fake.requests.at(-1)?.form.KEY).toBe('NOT-A-QRZ-KEY');
    expect(await count()).toBe(0);
  });

  it('imports the last 2 weeks over several pages, skipping the QSO already logged by hand', async () => {
    expect((await quentin.post('/vupdateprofile', profile(KEY))).status).toBe(200);
    const hand = await quentin.post<{ qdo_id: string }>('/vqso/upsert', {
      data: { Call: 'K1HAND', TS: `${new Date(Date.now() - 3 * DAY_MS).toISOString().slice(0, 10)}T20:00:00Z`, Freq: 14074, Mode: 'FT8', Name: 'By hand' },
    });
    expect(hand.status).toBe(201);
    fake.requests.length = 0;

    const answer = await importQrz();
    expect(answer).toEqual({
      status: 'ok',
      message: qrzImported(IN_WINDOW, 1, 0),
      imported: IN_WINDOW,
      duplicates: 1,
      failed: [],
      from: window.from,
      to: window.to,
    });
    // Three pages of at most 250, each asking for the window only and continuing after the last logid.
    expect(fake.requests.map((r) => r.options.BETWEEN)).toEqual(Array(3).fill(`${window.from}+${window.to}`));
    expect(fake.requests.map((r) => r.options.MAX)).toEqual(['250', '250', '250']);
    const after = fake.requests.map((r) => Number(r.options.AFTERLOGID));
    expect(after[0]).toBe(0);
    expect(after[1]).toBeGreaterThan(0);
    expect(after[2]).toBeGreaterThan(after[1]!);

    expect(await count()).toBe(IN_WINDOW + 1);
    const book = (await quentin.post<LogbookAnswer>('/vlogbook', { page: 1, size: 500 })).body.logbook;
    // The hand-logged QSO is as Quentin wrote it.
    const handQso = book.find((q) => q.Call === 'K1HAND');
    expect(handQso).toMatchObject({ qdo_id: hand.body.qdo_id, Name: 'By hand' });
    // An imported one carries QRZ's fields (reports, and its QRZ fields kept for export).
    const imported = book.find((q) => q.Call === 'DL0QRZ');
    expect(imported).toMatchObject({ Band: '20m', Mode: 'FT8', SNT: '-10', RCV: '-12' });
  });

  it('a second import, as a retry would, imports nothing and changes nothing', async () => {
    const before = await count();
    expect(await importQrz()).toMatchObject({ status: 'ok', imported: 0, duplicates: IN_WINDOW + 1, failed: [] });
    expect(await count()).toBe(before);
  });

  it('names a record QRZ holds that cannot be logged, and imports the rest', async () => {
    fake.add(KEY, qrzQso('NOBAND1', 2, 700, { BAND: '', FREQ: '', MODE: 'FT8' }));
    fake.add(KEY, qrzQso('NEW1QRZ', 2, 701));
    const answer = await importQrz();
    expect(answer).toMatchObject({ status: 'ok', imported: 1, duplicates: IN_WINDOW + 1 });
    if (answer.status !== 'ok') return;
    expect(answer.failed).toHaveLength(1);
    expect(answer.failed[0]!.record).toMatch(new RegExp(`^NOBAND1 ${adifDate(2)} ${hhmm(700)} \\(QRZ log id \\d+\\)$`));
    expect(answer.failed[0]!.message.length).toBeGreaterThan(0);
    expect(answer.message).toBe(qrzImported(1, IN_WINDOW + 1, 1));
  });

  it('when QRZ is down, says so and imports nothing', async () => {
    const before = await count();
    fake.add(KEY, qrzQso('LATE1QRZ', 1, 900));
    fake.misbehave({ status: 503 });
    try {
      expect(await importQrz()).toEqual({ status: 'error', error: qrzUnreachable('HTTP 503') });
    } finally {
      fake.misbehave(null);
    }
    expect(await count()).toBe(before);
  });

  it('refuses a visitor', async () => {
    const res = await fetch(`${t.url}/api/vimportqrz`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
  });
});
