/**
 * The fast lane (infra/src/http/fast-lane.ts) against the real embedded server: what it serves
 * (embed pages, a visitor's GET /api/vnews and /api/vvideos, the client's plain pages) is what
 * express's handlers answer for the same request, header for header, in each encoding, with 304s
 * and HEAD. A percent-escape in the query sends the same request through express.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedPath, type EmbedKind } from '@hamlog/domain/embeds/embed-codes';
import { ApiClient, startTestServer, type TestServer } from './server-harness';

const INDEX_HTML = '<!doctype html><html><head><title>HamLog</title></head><body><div id="root"></div></body></html>';
const KINDS: EmbedKind[] = ['live', 'last', 'photos', 'logs', 'sstv'];
/** What both lanes must agree on (Date, Connection and the request id differ by nature). */
const COMPARED = ['content-type', 'content-encoding', 'content-length', 'etag', 'vary', 'cache-control', 'content-security-policy', 'x-content-type-options', 'referrer-policy'];
const ENCODINGS = [{ 'accept-encoding': 'identity' }, { 'accept-encoding': 'gzip, deflate, br' }, { 'accept-encoding': 'gzip' }] as Record<string, string>[];

type Answer = { status: number; headers: Record<string, string | null>; body: string };

describe('the fast lane: the busiest public reads ahead of express, answering as express does', () => {
  let t: TestServer;

  async function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
    const res = await fetch(`${t.url}${path}`, { method, headers });
    return { status: res.status, headers: Object.fromEntries(COMPARED.map((h) => [h, res.headers.get(h)])), body: await res.text() };
  }
  /** The same request, sent through express: a %-escape keeps it out of the fast lane. */
  const throughExpress = (path: string) => `${path}${path.includes('?') ? '&' : '?'}_=%20`;

  beforeAll(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'hamlog-fast-lane-'));
    const webDist = join(dataDir, 'web');
    await mkdir(webDist);
    await writeFile(join(webDist, 'index.html'), INDEX_HTML);
    t = await startTestServer({ DATA_DIR: dataDir, WEB_DIST: webDist });
    const alice = new ApiClient(t.url);
    await alice.signUp('w1aw@example.com', 'W1AW');
    expect((await alice.post('/vqso/upsert', { data: { Call: 'DL1ABC', TS: '2025-06-01T18:30:00Z', Freq: 14074, Mode: 'FT8' } })).status).toBe(201);
  }, 60_000);
  afterAll(async () => t?.stop());

  const paths = [...KINDS.map((kind) => `${embedPath(kind, 'W1AW')}?ref_id=abc`), embedPath('logs', 'NOSUCH9'), '/embed/2/W1AW', '/EMBED/1/w1aw', '/embed/1/last/W1AW/', '/api/vnews?page=1&size=12', '/api/vvideos', '/news', '/W1AW'];

  it.each(paths)('%s: the same status, headers and body in both lanes, in every encoding', async (path) => {
    for (const headers of ENCODINGS) {
      const fast = await get(path, headers);
      const slow = await get(throughExpress(path), headers);
      expect(fast.status, path).toBe(slow.status);
      expect(fast.body, path).toBe(slow.body);
      const clientPage = !path.startsWith('/api/') && !path.includes('embed');
      // An error page is not prepared compressed: express compresses it on the fly, the lane sends it plain.
      const compare = fast.status === 200 ? COMPARED : COMPARED.filter((h) => !['content-encoding', 'content-length', 'vary'].includes(h));
      // The client's page: express sends it without a validator and compresses it each time; the lane has it prepared (an ETag, compressed once).
      const compared = clientPage ? compare.filter((h) => !['etag', 'content-encoding', 'content-length', 'vary'].includes(h)) : compare;
      expect(Object.fromEntries(compared.map((h) => [h, fast.headers[h]])), `${path} ${JSON.stringify(headers)}`).toEqual(Object.fromEntries(compared.map((h) => [h, slow.headers[h]])));
    }
  });

  it('serves the client page from the lane: prepared once, with a validator express does not give it', async () => {
    const fast = await get('/news', { 'accept-encoding': 'br' });
    const slow = await get(throughExpress('/news'), { 'accept-encoding': 'br' });
    expect(fast.headers.etag).toMatch(/^"[\w-]+-br"$/);
    expect(slow.headers.etag).toBeNull();
    expect(fast.body).toBe(INDEX_HTML);
  });

  it('answers 304 to a reader holding the page, and HEAD without a body', async () => {
    for (const path of [embedPath('logs', 'W1AW'), '/api/vnews', '/news']) {
      const first = await fetch(`${t.url}${path}`, { headers: { 'accept-encoding': 'br' } });
      const etag = first.headers.get('etag');
      expect(etag, path).toMatch(/^"[\w-]+-br"$/);
      expect(first.headers.get('content-encoding'), path).toBe('br');
      await first.arrayBuffer();
      // fetch() adds 'Cache-Control: no-cache' to a conditional request unless given one; a reload is never a 304.
      const again = await fetch(`${t.url}${path}`, { headers: { 'accept-encoding': 'br', 'if-none-match': etag!, 'cache-control': 'max-age=0' } });
      expect(again.status, path).toBe(304);
      const reload = await fetch(`${t.url}${path}`, { headers: { 'accept-encoding': 'br', 'if-none-match': etag!, 'cache-control': 'no-cache' } });
      expect(reload.status, path).toBe(200);
      await reload.arrayBuffer();
      expect(await again.text()).toBe('');
      const head = await fetch(`${t.url}${path}`, { method: 'HEAD' });
      expect(head.status, path).toBe(200);
      expect(Number(head.headers.get('content-length')), path).toBeGreaterThan(0);
      expect(await head.text()).toBe('');
    }
  });

  it('leaves a reader with a position to see to express: read-your-writes waits for it', async () => {
    const started = Date.now();
    const res = await fetch(`${t.url}/api/vnews`, { headers: { 'x-min-position': '999999999999' } });
    expect(res.status).toBe(200);
    // Only express's read-your-writes marks an answer that waited its bound out.
    expect(res.headers.get('x-read-model-stale')).toBe('1');
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
    const visitor = await fetch(`${t.url}/api/vnews`);
    expect(visitor.headers.get('x-read-model-stale')).toBeNull();
    expect(visitor.headers.get('x-request-id')).toMatch(/^[\w.-]+$/);
  });
});
