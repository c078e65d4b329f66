/**
 * POST /vimportadif and GET /vimportadif/{id} on the embedded runtime with real PostgreSQL
 * (decision 0034): a real logger's file imported with exact counts, the same file again all
 * duplicates, malformed records reported with their lines while the rest is imported, a big file
 * as a background job, a server stopped in the middle of an import and started again (every QSO
 * exactly once), and nobody else's import readable.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import {
  ADIF_IMPORT_INLINE_MAX_BYTES,
  ADIF_IMPORT_NO_RECORDS,
  ADIF_IMPORT_NOT_ADIF_NAME,
  ADIF_IMPORT_NOT_FOUND,
  ADIF_IMPORT_NOT_TEXT,
  adifImportReport,
  type AdifImportAnswer,
  type AdifImportStatus,
  type LogbookAnswer,
} from '@hamlog/domain';
import { createTestDatabase } from '@hamlog/infra/testing/postgres';
import { ApiClient, startServerOn, startWithAliceAndBob, type TestServer } from './server-harness';

const FIXTURES = join(import.meta.dirname, '..', '..', 'domain', 'test', 'fixtures', 'adif');
const fixture = (name: string) => readFile(join(FIXTURES, name));

async function upload(base: string, client: ApiClient, fileName: string, bytes: Uint8Array | string): Promise<{ status: number; body: AdifImportAnswer }> {
  const form = new FormData();
  form.append('adif_file', new Blob([bytes]), fileName);
  const res = await fetch(`${base}/api/vimportadif`, { method: 'POST', headers: { authorization: `Bearer ${client.token}` }, body: form });
  return { status: res.status, body: (await res.json()) as AdifImportAnswer };
}

async function statusOf(client: ApiClient, importId: string) {
  return client.call<AdifImportStatus & { message: string }>('GET', `/vimportadif/${importId}`);
}

async function waitDone(client: ApiClient, importId: string, timeoutMs = 60_000): Promise<AdifImportStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await statusOf(client, importId);
    expect(status).toBe(200);
    if (body.status !== 'running') return body;
    if (Date.now() > deadline) throw new Error(`import ${importId} still running: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function logbookTotal(client: ApiClient): Promise<number> {
  const { status, body } = await client.post<LogbookAnswer>('/vlogbook', { page: 1, size: 1 });
  expect(status).toBe(200);
  return body.total;
}

const letters = (n: number) => String.fromCharCode(65 + (n % 26), 65 + (Math.floor(n / 26) % 26), 65 + (Math.floor(n / 676) % 26));

/** `count` distinct FT8 QSOs, one a minute from 2024-01-01, as an ADIF file. */
function syntheticAdif(count: number, from = 0): string {
  let text = 'Generated for a test\n<ADIF_VER:5>3.1.6 <PROGRAMID:6>HamLog <EOH>\n';
  for (let i = from; i < from + count; i += 1) {
    const call = `W${1 + (i % 9)}${letters(Math.floor(i / 9))}`;
    const at = new Date(Date.UTC(2024, 0, 1) + i * 60_000);
    const date = at.toISOString().slice(0, 10).replace(/-/g, '');
    const time = at.toISOString().slice(11, 16).replace(':', '');
    text += `<CALL:${call.length}>${call}<QSO_DATE:8>${date}<TIME_ON:4>${time}<BAND:3>20m<FREQ:6>14.074<MODE:3>FT8<RST_SENT:3>-10<RST_RCVD:3>-12<EOR>\n`;
  }
  return text;
}

describe('ADIF import (/vimportadif)', () => {
  let t: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;

  beforeAll(async () => {
    ({ t, alice, bob } = await startWithAliceAndBob('K9CTS'));
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("imports QRZ's export of a real log with exact counts, then finds every QSO of the file in the log once", async () => {
    const { status, body } = await upload(t.url, alice, 'qrz.adi', await fixture('qrz.adi'));
    expect(status).toBe(200);
    // 931 records, two of which are the same contact (same call, minute, band and mode).
    expect(body).toMatchObject({ status: 'done', done: true, imported: 930, duplicates: 1, failed: 0, failures: [], file_name: 'qrz.adi' });
    expect(body.message).toBe(adifImportReport(930, 1, 0));
    expect(await logbookTotal(alice)).toBe(930);

    const again = await upload(t.url, alice, 'qrz.adi', await fixture('qrz.adi'));
    expect(again.body).toMatchObject({ status: 'done', done: true, imported: 0, duplicates: 931, failed: 0 });
    expect(again.body.message).toBe(adifImportReport(0, 931, 0));
    expect(await logbookTotal(alice)).toBe(930);
    // The report stays readable by its owner.
    const report = await statusOf(alice, again.body.import_id!);
    expect(report.body).toMatchObject({ status: 'done', imported: 0, duplicates: 931, records_done: 931 });
  });

  it('keeps the fields the logbook has no column for, and names the STATION_CALLSIGN of another station', async () => {
    const file = '<CALL:5>DL1AB<QSO_DATE:8>20240301<TIME_ON:4>1200<BAND:3>40m<MODE:2>CW<MY_GRIDSQUARE:6>FN31pr<APP_X_NOTE:5>hello<STATION_CALLSIGN:7>K9CTS/P<EOR>';
    const { body } = await upload(t.url, bob, 'one.adif', file);
    expect(body).toMatchObject({ imported: 1, duplicates: 0, failed: 0 });
    const { body: book } = await bob.post<LogbookAnswer>('/vlogbook', { page: 1, size: 5 });
    expect(book.logbook.map((q) => q.Call)).toEqual(['DL1AB']);
    const db = new pg.Client(t.db.url);
    await db.connect();
    try {
      const { rows } = await db.query<{ station_callsign: string; adif_extra: Record<string, string>; adif_details: Record<string, string> }>(
        "SELECT station_callsign, adif_extra, adif_details FROM rm_qsos WHERE call = 'DL1AB'",
      );
      expect(rows).toEqual([{ station_callsign: 'K1JT', adif_extra: { APP_X_NOTE: 'hello' }, adif_details: { MY_GRIDSQUARE: 'FN31pr', STATION_CALLSIGN: 'K9CTS/P' } }]);
    } finally {
      await db.end();
    }
  });

  it('reports malformed records with their line and reason, and imports the rest', async () => {
    const good = syntheticAdif(3, 10_000);
    const broken = [
      good,
      '<CALL:5>N0CAL<QSO_DATE:8>20241301<TIME_ON:4>1200<BAND:3>20m<MODE:3>FT8<EOR>\n', // line 6: no such month
      '<QSO_DATE:8>20240101<TIME_ON:4>1201<BAND:3>20m<MODE:3>FT8<EOR>\n', // line 7: no CALL
      '<CALL:5>N0BAD<QSO_DATE:8>20240101<TIME_ON:4>1202<MODE:3>FT8<EOR>\n', // line 8: neither FREQ nor BAND
      syntheticAdif(2, 20_000).split('\n').slice(2).join('\n'),
    ].join('');
    const { body } = await upload(t.url, bob, 'broken.adi', broken);
    expect(body).toMatchObject({ status: 'done', done: true, imported: 5, duplicates: 0, failed: 3 });
    expect(body.failures!.map((f) => f.line)).toEqual([6, 7, 8]);
    expect(body.failures![1]!.message).toMatch(/CALL/);
    expect(body.failures![2]!.message).toMatch(/FREQ nor a BAND/);
  });

  it('refuses what is not an ADIF file, saying why (the page adds the specification\'s "Error importing ADIF file: ")', async () => {
    const wrongName = await upload(t.url, alice, 'log.txt', syntheticAdif(1));
    expect(wrongName).toEqual({ status: 422, body: { status: 'error', message: ADIF_IMPORT_NOT_ADIF_NAME } });
    const binary = await upload(t.url, alice, 'log.adi', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]));
    expect(binary).toEqual({ status: 422, body: { status: 'error', message: ADIF_IMPORT_NOT_TEXT } });
    const empty = await upload(t.url, alice, 'log.adi', 'just a header <EOH>');
    expect(empty).toEqual({ status: 422, body: { status: 'error', message: ADIF_IMPORT_NO_RECORDS } });
    const anonymous = await fetch(`${t.url}/api/vimportadif`, { method: 'POST', body: new FormData() });
    expect(anonymous.status).toBe(401);
  });

  it('imports a big file as a background job whose progress and report only its owner reads', async () => {
    const file = syntheticAdif(20_000, 30_000);
    expect(file.length).toBeGreaterThan(ADIF_IMPORT_INLINE_MAX_BYTES);
    const before = await logbookTotal(alice);
    const { status, body } = await upload(t.url, alice, 'big.adi', file);
    // The upload waits a few seconds for the job: the report when it is over by then, else the progress.
    expect([200, 202]).toContain(status);
    expect(body).toMatchObject({ status: status === 200 ? 'done' : 'running', done: status === 200, bytes_total: file.length });
    const importId = body.import_id!;

    const stranger = await statusOf(bob, importId);
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe(ADIF_IMPORT_NOT_FOUND);

    const done = await waitDone(alice, importId);
    expect(done).toMatchObject({ status: 'done', imported: 20_000, duplicates: 0, failed: 0, records_done: 20_000, bytes_done: file.length, bytes_total: file.length });
    expect(done.message).toBe(adifImportReport(20_000, 0, 0));
    expect(await logbookTotal(alice)).toBe(before + 20_000);
    expect((await statusOf(bob, importId)).status).toBe(404);
  });
});

describe('an ADIF import stopped in the middle by a restart', () => {
  it('goes on after the restart from the last chunk applied: every QSO exactly once', async () => {
    const db = await createTestDatabase('import');
    const dataDir = await mkdtemp(join(tmpdir(), 'hamlog-import-'));
    const options = { adifImportChunkRecords: 400, adifImportAnswerWaitMs: 0 };
    let server = await startServerOn(db.url, { DATA_DIR: dataDir }, options);
    try {
      const base = () => `http://127.0.0.1:${server.port}`;
      const client = new ApiClient(base());
      await client.signUp('restart@example.com', 'G4ABC');
      const total = 20_000;
      // A twelfth of the file's contacts are in the log before the import: they must stay duplicates.
      const first = await upload(base(), client, 'first.adi', syntheticAdif(1_600, 50_000));
      expect(first.body).toMatchObject({ imported: 1_600 });

      const { status, body } = await upload(base(), client, 'restart.adi', syntheticAdif(total, 50_000));
      expect(status).toBe(202);
      const importId = body.import_id!;
      let seen: AdifImportStatus;
      do {
        seen = (await statusOf(client, importId)).body;
        await new Promise((r) => setTimeout(r, 5));
      } while (seen.status === 'running' && seen.records_done < 4_000);
      expect(seen.status).toBe('running');
      await server.stop();

      server = await startServerOn(db.url, { DATA_DIR: dataDir }, options);
      const again = new ApiClient(base());
      again.token = client.token;
      const done = await waitDone(again, importId);
      expect(done).toMatchObject({ status: 'done', imported: total - 1_600, duplicates: 1_600, failed: 0, records_done: total });
      expect(await logbookTotal(again)).toBe(total);

      const check = new pg.Client(db.url);
      await check.connect();
      try {
        const qsos = await check.query<{ n: number; streams: number }>(
          "SELECT count(*) AS n, count(DISTINCT stream_id) AS streams FROM es_events WHERE type = 'QsoLogged'",
        );
        expect(qsos.rows[0]).toEqual({ n: total, streams: total });
      } finally {
        await check.end();
      }
    } finally {
      await server.stop();
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.log('skipped: ADIF import as a BullMQ job (set REDIS_URL; scripts/redis.sh start)');

describe.skipIf(!redisUrl)('an ADIF import as a BullMQ job on Redis', () => {
  it('imports a big file through the queue', async () => {
    const db = await createTestDatabase('import');
    const dataDir = await mkdtemp(join(tmpdir(), 'hamlog-import-'));
    const server = await startServerOn(db.url, { DATA_DIR: dataDir, REDIS_URL: redisUrl!, STREAM_NAMESPACE: `import-test-${Date.now()}` }, { adifImportAnswerWaitMs: 0 });
    try {
      const client = new ApiClient(`http://127.0.0.1:${server.port}`);
      await client.signUp('queue@example.com', 'G4QUE');
      const { status, body } = await upload(`http://127.0.0.1:${server.port}`, client, 'queued.adi', syntheticAdif(20_000, 80_000));
      expect(status).toBe(202);
      expect(await waitDone(client, body.import_id!)).toMatchObject({ status: 'done', imported: 20_000, duplicates: 0, failed: 0 });
      expect(await logbookTotal(client)).toBe(20_000);
    } finally {
      await server.stop();
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
