/**
 * ADIF uploads are streamed to the file storage, not held in memory (issue 20 finding 2, decision
 * 0048). The server runs in a child process (the one-process runtime, `gateway/src/main.ts`) so
 * its resident memory is its own, read from /proc/{pid}/status while 8 uploads of 60 to 190 MB,
 * generated on the fly, arrive at once and are then imported. Beyond the bounds (2 per user, here
 * 8 in all) uploads are refused before their bodies are read; a dropped or refused upload leaves
 * no file behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADIF_IMPORT_MAX_BYTES,
  ADIF_IMPORT_NO_RECORDS,
  ADIF_IMPORT_NOT_TEXT,
  adifImportTooLarge,
  TEXT_UNSTORABLE,
  tooManyUploadsAtOnce,
  UPLOADS_BUSY,
  type AdifImportAnswer,
  type AdifImportStatus,
} from '@hamlog/domain';
import { freePort } from '@hamlog/infra/postgres/embedded';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';
import { ApiClient } from './server-harness';

const MB = 1024 * 1024;
const ROOT = join(import.meta.dirname, '..', '..');
const PER_USER = 2;
const AT_ONCE = 8;

interface ServerProcess {
  url: string;
  dataDir: string;
  /** The server's resident memory now, in MB. */
  rssMb(): Promise<number>;
  log(): string;
  stop(): Promise<void>;
}

/** The one-process runtime in a child process of its own (node itself, so its pid is the server's). */
async function startServerProcess(db: TestDatabase): Promise<ServerProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'hamlog-uploads-'));
  const port = await freePort();
  const env = {
    ...process.env,
    DATABASE_URL: db.url,
    PORT: String(port),
    DATA_DIR: dataDir,
    KAFKA_BROKERS: '',
    CLICKHOUSE_URL: '',
    REDIS_URL: '',
    EVENTSTORE_URL: '',
    REGISTRATION_QUOTA: 'off',
    LOG_LEVEL: 'warn',
    ADIF_UPLOADS_PER_USER: String(PER_USER),
    ADIF_UPLOADS_AT_ONCE: String(AT_ONCE),
  };
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (!(await fetch(`${url}/readyz`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start:\n${log}`);
    }
    await sleep(100);
  }
  return {
    url,
    dataDir,
    rssMb: async () => Number(/VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024,
    log: () => log,
    stop,
  };
}

const BOUNDARY = 'hamlog-upload-memory-test';
const PAD_VALUE = 256 * 1024;
/** A record without a CALL (it fails, cheaply): 256 KiB of the file each. */
const PAD_RECORD = Buffer.from(`<APP_HAMLOG_PAD:${PAD_VALUE}>${'x'.repeat(PAD_VALUE)}<EOR>\n`);

const headOf = (call: string) =>
  Buffer.from(`Made for the upload memory test <EOH>\n<CALL:${call.length}>${call}<QSO_DATE:8>20240301<TIME_ON:4>1200<BAND:3>20m<MODE:3>FT8<EOR>\n`);
/** The records that fail in a file of `bytes` bytes. */
const padRecordsIn = (bytes: number, call: string) => Math.floor((bytes - headOf(call).length) / PAD_RECORD.length);

/** An ADIF file of exactly `bytes` bytes, made as it is sent: a header, one contact, then records that fail. */
function* adifFile(bytes: number, call: string): Generator<Buffer> {
  yield headOf(call);
  const pads = padRecordsIn(bytes, call);
  for (let i = 0; i < pads; i += 1) yield PAD_RECORD;
  yield Buffer.alloc(bytes - headOf(call).length - pads * PAD_RECORD.length, 0x0a);
}

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: AdifImportAnswer;
}

interface Upload {
  answer: Promise<Answer>;
  /** Settles once the upload has sent what it sends before it is held. */
  held: Promise<void>;
  /** Lets a held upload send the rest of its file. */
  release(): void;
  /** Drops the connection, as a closed browser tab does. */
  drop(): void;
}

/**
 * POST /api/vimportadif with a multipart body streamed from a generator (the test holds none of
 * it); `holdAfter` bytes of the file are sent, then the rest waits for release().
 */
function sendAdif(base: string, token: string, fileName: string, content: Iterable<Buffer>, fileBytes: number, holdAfter = Infinity): Upload {
  const preamble = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="adif_file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const epilogue = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let reachHold = () => {};
  const held = new Promise<void>((resolve) => (reachHold = resolve));
  async function* body() {
    yield preamble;
    let sent = 0;
    for (const chunk of content) {
      if (sent >= holdAfter) {
        reachHold();
        await released;
      }
      sent += chunk.length;
      yield chunk;
    }
    reachHold();
    yield epilogue;
  }
  const req = http.request(`${base}/api/vimportadif`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': String(preamble.length + fileBytes + epilogue.length),
    },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body: JSON.parse(text) as AdifImportAnswer }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  // An early answer (a refusal) or a dropped connection ends the sending; the answer says what happened.
  pipeline(Readable.from(body()), req).catch(() => {});
  return {
    answer,
    held,
    release,
    drop: () => {
      req.destroy();
      release();
    },
  };
}

/** Settles within `ms`, or says what it was waiting for. */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  return Promise.race([promise, sleep(ms).then(() => Promise.reject(new Error(`no answer within ${ms} ms: ${what}`)))]);
}

/** Files in the storage folder, those being written aside (dot files) included. */
async function storedFiles(server: ServerProcess): Promise<string[]> {
  return readdir(join(server.dataDir, 'files')).catch(() => []);
}

async function waitFor(what: string, check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await sleep(50);
  }
}

describe('ADIF uploads streamed to storage (issue 20, finding 2)', () => {
  let db: TestDatabase;
  let server: ServerProcess;
  const users: ApiClient[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('uploads');
    server = await startServerProcess(db);
    for (const [i, call] of ['W1AW', 'K1JT', 'G4ABC', 'DL1AB', 'F5XYZ'].entries()) {
      const client = new ApiClient(server.url);
      await client.signUp(`user${i}@example.com`, call);
      users.push(client);
    }
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('8 uploads of 60 to 190 MB at once: the memory stays flat (150 MB more at most while they arrive, 200 MB while they are imported), /healthz answers quickly, every file is imported and removed', async () => {
    const sizes = [190, 60, 150, 80, 120, 100, 170, 70].map((mb) => mb * MB);
    let sampling = true;
    let peak = await server.rssMb();
    const rss = (async () => {
      while (sampling) {
        peak = Math.max(peak, await server.rssMb());
        await sleep(50);
      }
    })();
    // A small import first: what an upload and an import load once (multer, the worker's code), and what an import's worker costs.
    const warmUp = sendAdif(server.url, users[4]!.token!, 'warm-up.adi', adifFile(3 * MB, 'N0CALL'), 3 * MB);
    const warm = await warmUp.answer;
    // A big file's upload waits a few seconds for its report (200), else answers the progress (202).
    expect([200, 202]).toContain(warm.status);
    await waitFor('the warm-up import', async () => (await users[4]!.call<AdifImportStatus>('GET', `/vimportadif/${warm.body.import_id!}`)).body.status === 'done', 60_000);
    const smallImportPeak = peak;
    await sleep(500);
    const baseline = await server.rssMb();
    peak = baseline;
    const latencies: number[] = [];
    const health = (async () => {
      while (sampling) {
        const started = performance.now();
        const res = await fetch(`${server.url}/healthz`);
        await res.arrayBuffer();
        latencies.push(performance.now() - started);
        await sleep(100);
      }
    })();

    const startedAt = performance.now();
    // Each sends all but its last MB and waits for the others there: the uploads are measured apart from the imports that follow them.
    const uploads = sizes.map((bytes, i) => sendAdif(server.url, users[i % 4]!.token!, `big-${i}.adi`, adifFile(bytes, `W${i}MEM`), bytes, bytes - MB));
    await Promise.all(uploads.map((u) => u.held));
    await sleep(200);
    const uploadPeak = peak;
    const uploadedMs = performance.now() - startedAt;
    for (const upload of uploads) upload.release();
    const answers = await Promise.all(uploads.map((u) => u.answer));
    expect(answers.every((a) => a.status === 200 || a.status === 202)).toBe(true);
    expect(answers.map((a) => a.body.bytes_total)).toEqual(sizes);

    const reports = await Promise.all(
      answers.map(async (a, i) => {
        const owner = users[i % 4]!;
        let report: AdifImportStatus;
        await waitFor(`import ${i}`, async () => (report = (await owner.call<AdifImportStatus>('GET', `/vimportadif/${a.body.import_id!}`)).body).status !== 'running', 120_000);
        return report!;
      }),
    );
    sampling = false;
    await Promise.all([rss, health]);
    expect(reports.map((r) => [r.status, r.imported, r.failed])).toEqual(sizes.map((bytes, i) => ['done', 1, padRecordsIn(bytes, `W${i}MEM`)]));
    expect(await storedFiles(server)).toEqual([]);

    const slowest = Math.max(...latencies);
    console.log(
      `8 uploads (${sizes.reduce((a, b) => a + b, 0) / MB} MB) in ${Math.round(uploadedMs)} ms, imported in ${Math.round(performance.now() - startedAt)} ms; ` +
        `RSS ${Math.round(baseline)} MB before, peak ${Math.round(uploadPeak)} MB while uploading, ${Math.round(peak)} MB while importing ` +
        `(${Math.round(smallImportPeak)} MB for a 3 MB import); ` +
        `/healthz ${latencies.length} answers, slowest ${Math.round(slowest)} ms`,
    );
    // The uploads: flat, whatever their size (the old code held each whole: 940 MB here).
    expect(uploadPeak - baseline).toBeLessThan(150);
    // The imports, one at a time: an import's worker thread costs about 50 MB on its own, whatever the file's size;
    // reading the 190 MB file whole (the old job) adds that much and more.
    expect(peak - baseline).toBeLessThan(200);
    expect(slowest).toBeLessThan(500);
  }, 180_000);

  it('beyond the bounds, refused before the body is read (429 for a third of one user, 503 past eight); a dropped or refused upload gives its place back and leaves no file', async () => {
    const big = 201 * MB;
    // Eight uploads (two per user) send their first MB and wait there.
    const held = Array.from({ length: AT_ONCE }, (_, i) => sendAdif(server.url, users[i % 4]!.token!, `held-${i}.adi`, adifFile(big, `K${i}HLD`), big, MB));
    held.forEach((u) => u.answer.catch(() => {}));
    const beingWritten = async () => (await storedFiles(server)).filter((f) => f.startsWith('.adif-import-') && f.endsWith('.tmp'));
    await waitFor('eight uploads streaming into the storage', async () => (await beingWritten()).length === AT_ONCE);

    // Refused on their headers: their bodies never finish, yet they are answered.
    const third = sendAdif(server.url, users[0]!.token!, 'third.adi', adifFile(10 * MB, 'W9TRD'), 10 * MB, 0);
    const ninth = sendAdif(server.url, users[4]!.token!, 'ninth.adi', adifFile(10 * MB, 'W9NTH'), 10 * MB, 0);
    const perUser = await within(10_000, 'a third upload of one user', third.answer);
    const overall = await within(10_000, 'a ninth upload', ninth.answer);
    third.drop();
    ninth.drop();
    expect(perUser).toMatchObject({ status: 429, body: { status: 'error', message: tooManyUploadsAtOnce(PER_USER) } });
    expect(overall).toMatchObject({ status: 503, body: { status: 'error', message: UPLOADS_BUSY } });
    expect(Number(perUser.retryAfter)).toBeGreaterThan(0);
    expect(Number(overall.retryAfter)).toBeGreaterThan(0);

    // A dropped upload: its half-written file goes, and its place is free again.
    held[0]!.drop();
    await waitFor('the dropped upload\'s file to go', async () => (await beingWritten()).length === AT_ONCE - 1);
    const small = Buffer.from('<CALL:5>W9NTH<QSO_DATE:8>20240301<TIME_ON:4>1300<BAND:3>40m<MODE:2>CW<EOR>\n');
    const retried = await within(20_000, 'the retried upload', sendAdif(server.url, users[4]!.token!, 'ninth.adi', [small], small.length).answer);
    expect(retried).toMatchObject({ status: 200, body: { status: 'done', done: true, imported: 1 } });

    // Over 200 MiB: 413 with today's message, and nothing stored.
    held[1]!.release();
    const tooLarge = await within(60_000, 'the upload over 200 MiB', held[1]!.answer);
    expect(tooLarge).toMatchObject({ status: 413, body: { status: 'error', message: adifImportTooLarge(ADIF_IMPORT_MAX_BYTES / MB) } });

    for (const upload of held.slice(2)) upload.drop();
    await waitFor('every half-written file to go', async () => (await storedFiles(server)).length === 0);

    // Refused for their content, found while streaming: nothing stored either.
    const binary = Buffer.concat([Buffer.from('<CALL:4>W1AW<EOR>'), Buffer.alloc(16)]);
    const noRecords = Buffer.from('just a header <EOH>\n');
    expect((await sendAdif(server.url, users[1]!.token!, 'zip.adi', [binary], binary.length).answer).body).toEqual({ status: 'error', message: ADIF_IMPORT_NOT_TEXT });
    expect((await sendAdif(server.url, users[1]!.token!, 'none.adi', [noRecords], noRecords.length).answer).body).toEqual({ status: 'error', message: ADIF_IMPORT_NO_RECORDS });
    // A text field after the file that cannot be stored: the file, stored by then, is removed.
    const form = new FormData();
    form.append('adif_file', new Blob([small]), 'ok.adi');
    form.append('note', 'a\u0000b');
    const spoiled = await fetch(`${server.url}/api/vimportadif`, { method: 'POST', body: form, headers: { authorization: `Bearer ${users[1]!.token!}` } });
    expect(spoiled.status).toBe(422);
    expect(await spoiled.json()).toMatchObject({ message: TEXT_UNSTORABLE });
    expect(await storedFiles(server)).toEqual([]);
  }, 120_000);
});
