/**
 * Export downloads by signed link (decision 0046): the page asks POST /vexportjobs/{id}/link with
 * the owner's token and the browser follows the link with no credentials, streaming the file to
 * disk. The link opens exactly its job for its owner, for 5 minutes: a changed signature or expiry,
 * an expired link, a link for another job or signed for another user is 403 with no file bytes;
 * another user's job is 404 on /link. Then the production shape: the link is asked for through
 * the gateway, and opens on another query-api process too (the key is kept in PostgreSQL).
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCommandPath } from '@hamlog/command-api';
import {
  EXPORT_FILE_GONE,
  EXPORT_JOB_NOT_FOUND,
  EXPORT_LINK_EXPIRED,
  EXPORT_LINK_INVALID,
  EXPORT_LINK_LIFETIME_MS,
  exportLinkText,
  exportLinkUrl,
  type ExportJob,
  type ExportJobsAnswer,
  type ExportLinkAnswer,
  type ExportRequestAnswer,
} from '@hamlog/domain';
import { macOf, SERVER_SECRET_NAMES, serverSigner, type TextSigner } from '@hamlog/infra/auth/server-secrets';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';
import { ApiClient, startTestServer, type TestServer } from './server-harness';
import { serviceProcesses, type ServiceProcesses } from './service-processes';

async function logQso(who: ApiClient, call: string, ts: string): Promise<void> {
  const res = await who.post('/vqso/upsert', { data: { Call: call, TS: ts, Freq: 14074, Mode: 'FT8' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** Asks for an export of January 2024 and waits until it is written. */
async function exportJanuary(who: ApiClient, endDay = '2024-01-31'): Promise<ExportJob> {
  const asked = await who.post<ExportRequestAnswer>('/vexportadif', { start_date: '2024-01-01', end_date: endDay });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  for (let i = 0; i < 400; i += 1) {
    const job = (await who.post<ExportJobsAnswer>('/vexportjobs')).body.jobs.find((j) => j.id === asked.body.job.id);
    if (job && job.status !== null) {
      expect(job.status).toBe(1);
      return job;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`export ${asked.body.job.id} still pending`);
}

/** A call with nothing but the address: no Authorization, no x-min-position, no cookies (what the browser sends for the link). */
function bare(base: string, path: string, method: 'GET' | 'HEAD' = 'GET'): Promise<Response> {
  return fetch(`${base}${path}`, { method });
}

async function refusal(res: Response): Promise<{ status: number; message: string; type: string | null }> {
  const text = await res.text();
  expect(text).not.toMatch(/<EOH>/i);
  return { status: res.status, message: (JSON.parse(text) as { message: string }).message, type: res.headers.get('content-type') };
}

/** The link's path with its `sig` (or `exp`) replaced. */
function withParam(url: string, name: 'sig' | 'exp', value: string): string {
  const parsed = new URL(url, 'http://x');
  parsed.searchParams.set(name, value);
  return `${parsed.pathname}${parsed.search}`;
}

/** A character of `text` at `at` changed to another of base64url's. */
function spoil(text: string, at: number): string {
  const c = text[at] === 'A' ? 'B' : 'A';
  return `${text.slice(0, at)}${c}${text.slice(at + 1)}`;
}

describe('ADIF export download links (embedded runtime, real PostgreSQL)', () => {
  let t: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let aliceId: string;
  let bobId: string;
  let pool: Pool;
  /** The server's own key, read from PostgreSQL as another process would: forges links with a chosen expiry. */
  let serverKey: TextSigner;
  let jobA: ExportJob;
  let jobA2: ExportJob;
  let jobB: ExportJob;

  const link = async (who: ApiClient, jobId: string) => who.post<ExportLinkAnswer & { message: string }>(`/vexportjobs/${encodeURIComponent(jobId)}/link`);
  const fileOf = (job: ExportJob) => readFile(join(t.dataDir, 'files', `adif-export-${job.id}.adi`));

  beforeAll(async () => {
    t = await startTestServer();
    alice = new ApiClient(t.url);
    bob = new ApiClient(t.url);
    aliceId = await alice.signUp('alice@example.com', 'W1AW');
    bobId = await bob.signUp('bob@example.com', 'K1JT');
    pool = createPool(t.db.url, 2);
    serverKey = serverSigner(pool, SERVER_SECRET_NAMES.exportDownloadLinks);
    await logQso(alice, 'DL1ABC', '2024-01-10T12:00:00Z');
    await logQso(alice, 'G4XYZ', '2024-01-20T08:30:00Z');
    await logQso(bob, 'ON4ABC', '2024-01-11T10:00:00Z');
    jobA = await exportJanuary(alice);
    jobA2 = await exportJanuary(alice, '2024-01-15');
    jobB = await exportJanuary(bob);
  }, 120_000);

  afterAll(async () => {
    await pool?.end();
    await t?.stop();
  });

  it('hands the owner a link that streams the exact file with no Authorization header', async () => {
    const asked = await link(alice, jobA.id);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.headers.get('cache-control')).toBe('no-store');
    const { url, expires_at } = asked.body;
    expect(url).toMatch(new RegExp(`^/api/vexportjobs/${jobA.id}/download\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`));
    const expires = Date.parse(expires_at);
    expect(expires - Date.now()).toBeGreaterThan(EXPORT_LINK_LIFETIME_MS - 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(EXPORT_LINK_LIFETIME_MS);

    const res = await bare(t.url, url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="W1AW_20240101_20240131.adi"');
    expect(res.headers.get('content-length')).toBe(String(jobA.bytes));
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.equals(await fileOf(jobA))).toBe(true);
    expect(bytes.length).toBe(jobA.bytes);
    expect(bytes.toString('utf8')).toMatch(/<CALL:6>DL1ABC/i);
    // The same bytes as the bearer-token download scripts use; a link works more than once while it lives.
    const byToken = await fetch(`${t.url}/api/vexportjobs/${jobA.id}/download`, { headers: { authorization: `Bearer ${alice.token}` } });
    expect(Buffer.from(await byToken.arrayBuffer()).equals(bytes)).toBe(true);
    const head = await bare(t.url, url, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(jobA.bytes));
  });

  it('refuses a changed signature or expiry with 403 and no file bytes', async () => {
    const { url } = (await link(alice, jobA.id)).body;
    const sig = new URL(url, t.url).searchParams.get('sig')!;
    const exp = new URL(url, t.url).searchParams.get('exp')!;
    for (const spoiled of [
      withParam(url, 'sig', spoil(sig, 0)),
      withParam(url, 'sig', spoil(sig, sig.length - 1)),
      withParam(url, 'sig', sig.slice(0, -1)),
      withParam(url, 'sig', `${sig}A`),
      withParam(url, 'sig', ''),
      withParam(url, 'exp', String(Number(exp) + 60_000)),
      withParam(url, 'exp', 'soon'),
      url.replace(/&sig=.*$/, ''),
      url.replace(/exp=\d+&/, ''),
      `${url}&sig=${sig}`,
    ]) {
      expect(await refusal(await bare(t.url, spoiled)), spoiled).toEqual({ status: 403, message: EXPORT_LINK_INVALID, type: expect.stringMatching(/application\/json/) });
    }
    // Nor does a bearer token beside a spoiled link open it.
    const withToken = await fetch(`${t.url}${withParam(url, 'sig', spoil(sig, 3))}`, { headers: { authorization: `Bearer ${alice.token}` } });
    expect((await refusal(withToken)).status).toBe(403);
    expect((await bare(t.url, url)).status).toBe(200);
  });

  it('refuses an expired link with 403, and a link signed with any other key', async () => {
    // Signed with the server's own key, so only the expiry is wrong: the link checked is genuine.
    const signed = async (jobId: string, userId: string, expiresMs: number) => exportLinkUrl(jobId, expiresMs, await serverKey.sign(exportLinkText(jobId, userId, expiresMs)));
    expect((await bare(t.url, await signed(jobA.id, aliceId, Date.now() + 60_000))).status).toBe(200);
    for (const expiresMs of [Date.now() - 1, Date.now() - EXPORT_LINK_LIFETIME_MS - 1_000, 0]) {
      expect(await refusal(await bare(t.url, await signed(jobA.id, aliceId, expiresMs)))).toMatchObject({ status: 403, message: EXPORT_LINK_EXPIRED });
    }
    const expiresMs = Date.now() + 60_000;
    const otherKey = exportLinkUrl(jobA.id, expiresMs, macOf(Buffer.alloc(32, 7), exportLinkText(jobA.id, aliceId, expiresMs)));
    expect(await refusal(await bare(t.url, otherKey))).toMatchObject({ status: 403, message: EXPORT_LINK_INVALID });
  });

  it("opens only the job and owner it was signed for: job A's signature does not open job B", async () => {
    const { url } = (await link(alice, jobA.id)).body;
    const query = url.slice(url.indexOf('?'));
    for (const other of [jobA2.id, jobB.id, 'no-such-job']) {
      expect(await refusal(await bare(t.url, `/api/vexportjobs/${other}/download${query}`)), other).toMatchObject({ status: 403, message: EXPORT_LINK_INVALID });
    }
    // Alice's job signed as if Bob owned it (a link Bob could never be handed) opens nothing.
    const expiresMs = Date.now() + 60_000;
    const asBob = exportLinkUrl(jobA.id, expiresMs, await serverKey.sign(exportLinkText(jobA.id, bobId, expiresMs)));
    expect(await refusal(await bare(t.url, asBob))).toMatchObject({ status: 403, message: EXPORT_LINK_INVALID });
    // Each job's own link opens its own file.
    const b = (await link(bob, jobB.id)).body.url;
    expect(Buffer.from(await (await bare(t.url, b)).arrayBuffer()).equals(await fileOf(jobB))).toBe(true);
  });

  it("answers /link to the owner only, with the download's messages", async () => {
    const bobs = await link(bob, jobA.id);
    expect(bobs.status).toBe(404);
    expect(bobs.body.message).toBe(EXPORT_JOB_NOT_FOUND);
    expect(bobs.body.url).toBeUndefined();
    expect((await link(bob, 'no-such-job')).status).toBe(404);
    expect((await link(new ApiClient(t.url), jobA.id)).status).toBe(401);
    const bareLink = await fetch(`${t.url}/api/vexportjobs/${jobA.id}/link`, { method: 'POST' });
    expect(bareLink.status).toBe(401);
    // The bearer-token download is unchanged: a visitor is 401, Bob 404.
    expect((await bare(t.url, `/api/vexportjobs/${jobA.id}/download`)).status).toBe(401);
    const bobDownload = await fetch(`${t.url}/api/vexportjobs/${jobA.id}/download`, { headers: { authorization: `Bearer ${bob.token}` } });
    expect(bobDownload.status).toBe(404);
  });

  it('a link does not wait for its owner\'s writes (it carries no credentials); the token download still does', async () => {
    const { url } = (await link(alice, jobA.id)).body;
    const positions = t.server.writePositions;
    await positions.remember(aliceId, 1e15);
    const started = performance.now();
    const res = await bare(t.url, url);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-read-model-stale')).toBeNull();
    await res.arrayBuffer();
    expect(performance.now() - started).toBeLessThan(2_000);
    const byToken = await fetch(`${t.url}/api/vexportjobs/${jobA.id}/download`, { headers: { authorization: `Bearer ${alice.token}` } });
    expect(byToken.headers.get('x-read-model-stale')).toBe('1');
    await byToken.arrayBuffer();
  }, 30_000);

  it('says a file that is gone is gone when the link is asked for, and a link to it opens nothing', async () => {
    const { url } = (await link(alice, jobA2.id)).body;
    await rm(join(t.dataDir, 'files', `adif-export-${jobA2.id}.adi`));
    const asked = await link(alice, jobA2.id);
    expect(asked.status).toBe(410);
    expect(asked.body.message).toBe(EXPORT_FILE_GONE);
    expect(await refusal(await bare(t.url, url))).toMatchObject({ status: 410, message: EXPORT_FILE_GONE });
  }, 30_000);
});

describe('ADIF export download links in the production shape (gateway, command-api, two query-apis, PostgreSQL alone)', () => {
  let db: TestDatabase;
  let services: ServiceProcesses;
  let gateway: string;
  let otherQueryApi: string;

  beforeAll(async () => {
    db = await createTestDatabase('exportlink');
    services = serviceProcesses({ ...process.env, DATABASE_URL: db.url, KAFKA_BROKERS: '', CLICKHOUSE_URL: '', REDIS_URL: '', EVENTSTORE_URL: '', LOG_LEVEL: 'warn' });
    const [commandApi, queryApi] = await Promise.all((['command-api', 'query-api', 'projectors'] as const).map((w) => services.start(w)));
    // The second query-api once the first is up: two starting together on a fresh database race
    // in the PostgreSQL aggregates' CREATE TABLE IF NOT EXISTS (postgres-aggregates.ts migrate).
    otherQueryApi = await services.start('query-api');
    gateway = await services.frontDoor([commandApi!], [queryApi!]);
  }, 180_000);

  afterAll(async () => {
    await services?.stop();
    await db?.drop();
  });

  it('routes /link to query-api; the link streams the file through the gateway and opens on another query-api too', async () => {
    expect(isCommandPath('/vexportjobs/abc-1/link')).toBe(false);
    expect(isCommandPath('/vexportjobs/abc-1/download')).toBe(false);
    const alice = new ApiClient(gateway);
    await alice.signUp('alice@example.com', 'W1AW');
    await logQso(alice, 'DL1ABC', '2024-01-10T12:00:00Z');
    const job = await exportJanuary(alice);
    const asked = await alice.post<ExportLinkAnswer>(`/vexportjobs/${job.id}/link`);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);

    const byToken = Buffer.from(await (await fetch(`${gateway}/api/vexportjobs/${job.id}/download`, { headers: { authorization: `Bearer ${alice.token}` } })).arrayBuffer());
    expect(byToken.length).toBe(job.bytes);
    for (const base of [gateway, otherQueryApi]) {
      const res = await bare(base, asked.body.url);
      expect(res.status, base).toBe(200);
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="W1AW_20240101_20240131.adi"');
      expect(Buffer.from(await res.arrayBuffer()).equals(byToken), base).toBe(true);
    }
    const sig = new URL(asked.body.url, gateway).searchParams.get('sig')!;
    expect((await refusal(await bare(gateway, withParam(asked.body.url, 'sig', spoil(sig, 5))))).status).toBe(403);
  }, 120_000);
});
