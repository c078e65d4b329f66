import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeadersFor } from '@hamlog/infra/http/security-headers';
import { ApiClient, startTestServer, TEST_METRICS_TOKEN, type TestServer } from './server-harness';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The bytes as they travel (fetch would decompress them). */
function raw(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

function decoded(answer: RawAnswer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  return answer.body;
}

/** A built client as vite writes it: an entry script with its precompressed copies, a stale source map. */
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, call: "K${i}ABC", band: "20m" }`).join(',\n')}];\n`;
const INDEX_HTML = `<!doctype html><html><head><title>HamLog</title><meta name="description" content="x" /></head><body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>`;

function expectSecurityHeaders(answer: RawAnswer | Response, what: string): void {
  const get = (name: string) => (answer instanceof Response ? answer.headers.get(name) : (answer.headers[name] as string | undefined));
  const csp = get('content-security-policy') ?? '';
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).not.toContain('unsafe-inline');
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(get('x-content-type-options'), what).toBe('nosniff');
  expect(get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
}

describe('headers, compression and exposure on every answer (embedded runtime)', () => {
  let t: TestServer;
  let dir: string;
  let alice: ApiClient;
  let qsoId: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hamlog-headers-'));
    const webDist = join(dir, 'web');
    await mkdir(join(webDist, 'assets'), { recursive: true });
    await writeFile(join(webDist, 'index.html'), INDEX_HTML);
    await writeFile(join(webDist, 'assets', 'index-abc.js'), SCRIPT);
    await writeFile(join(webDist, 'assets', 'index-abc.js.br'), brotliCompressSync(SCRIPT));
    await writeFile(join(webDist, 'assets', 'index-abc.js.gz'), gzipSync(SCRIPT));
    await writeFile(join(webDist, 'assets', 'index-abc.js.map'), '{"version":3,"sources":["secret.ts"]}');
    await writeFile(join(webDist, 'assets', 'plain-def.css'), `.row { color: red; }\n`.repeat(200));
    t = await startTestServer({ WEB_DIST: webDist });
    alice = new ApiClient(t.url);
    await alice.signUp('headers@example.com', 'K1HDR');
    for (let i = 0; i < 12; i++) {
      const logged = await alice.post<{ qdo_id: string }>('/vqso/upsert', { data: { Call: `W${i}AW`, Freq: 14074, Mode: 'FT8', TS: `2025-01-01T10:${10 + i}:00Z` } });
      qsoId = logged.body.qdo_id;
    }
  });
  afterAll(async () => {
    await t?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends the CSP, nosniff and referrer policy on API JSON, pages, files, 404s and errors', async () => {
    const auth = { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' };
    const answers: [string, RawAnswer][] = [
      ['API JSON with login', await raw(`${t.url}/api/vlogbook`, { method: 'POST', headers: auth, body: '{}' })],
      ['API without login', await raw(`${t.url}/api/vuser`)],
      ['home page', await raw(`${t.url}/`)],
      ['QSO page', await raw(`${t.url}/qso/${qsoId}`)],
      ['client file', await raw(`${t.url}/assets/index-abc.js`, { headers: { 'accept-encoding': 'br' } })],
      ['API 404', await raw(`${t.url}/api/no-such-call`)],
      ['missing media', await raw(`${t.url}/media/no-such-file.png`)],
      ['malformed body', await raw(`${t.url}/api/vlogbook`, { method: 'POST', headers: auth, body: '{nope' })],
      ['health', await raw(`${t.url}/healthz`)],
    ];
    for (const [what, answer] of answers) expectSecurityHeaders(answer, what);
    expect(answers.map(([what, a]) => `${what} ${a.status}`)).toEqual([
      'API JSON with login 200',
      'API without login 401',
      'home page 200',
      'QSO page 200',
      'client file 200',
      'API 404 404',
      'missing media 404',
      'malformed body 400',
      'health 200',
    ]);
  });

  it('compresses JSON, HTML and client files by Accept-Encoding, to the same bytes', async () => {
    const logbook = (encoding: string) =>
      raw(`${t.url}/api/vlogbook`, { method: 'POST', headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json', 'accept-encoding': encoding }, body: '{}' });
    const targets: [string, (encoding: string) => Promise<RawAnswer>][] = [
      ['logbook JSON', logbook],
      ['precompressed script', (encoding) => raw(`${t.url}/assets/index-abc.js`, { headers: { 'accept-encoding': encoding } })],
      ['stylesheet compressed on the fly', (encoding) => raw(`${t.url}/assets/plain-def.css`, { headers: { 'accept-encoding': encoding } })],
    ];
    for (const [what, fetchAs] of targets) {
      const plain = await fetchAs('identity');
      expect(plain.headers['content-encoding'], what).toBeUndefined();
      expect(plain.body.length, what).toBeGreaterThan(3_000);
      for (const encoding of ['br', 'gzip']) {
        const packed = await fetchAs(encoding);
        expect(packed.headers['content-encoding'], `${what} ${encoding}`).toBe(encoding);
        expect(String(packed.headers.vary), what).toMatch(/Accept-Encoding/i);
        expect(packed.body.length, `${what} ${encoding}`).toBeLessThan(plain.body.length / 3);
        expect(decoded(packed).equals(plain.body), `${what} ${encoding}`).toBe(true);
      }
    }
    // The build's copy, not one compressed again on each request.
    const script = await raw(`${t.url}/assets/index-abc.js`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(script.body.equals(brotliCompressSync(SCRIPT))).toBe(true);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(decoded(script).toString()).toBe(SCRIPT);
  });

  it('serves no source map', async () => {
    const map = await raw(`${t.url}/assets/index-abc.js.map`);
    expect(map.status).toBe(404);
    expect(map.body.toString()).not.toContain('secret.ts');
  });

  it('answers /metrics only with the operator token', async () => {
    expect((await fetch(`${t.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${t.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const scraped = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toMatch(/projection_lag_events/);
  });

  it('answers every /api call carrying private data with Cache-Control: no-store; the public answers keep their caching', async () => {
    const auth = { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' };
    const apiKey = (await alice.call<{ user: { api_key: string } }>('GET', '/vuser')).body.user.api_key;
    const uncached: [string, RawAnswer][] = [
      ['the logbook', await raw(`${t.url}/api/vlogbook`, { method: 'POST', headers: auth, body: '{}' })],
      ['the account (GET)', await raw(`${t.url}/api/vuser`, { headers: auth })],
      ['a QSO logged', await raw(`${t.url}/api/vqso/upsert`, { method: 'POST', headers: auth, body: JSON.stringify({ data: { Call: 'G3XYZ', Freq: 7030, Mode: 'CW', TS: '2025-01-02T10:00:00Z' } }) })],
      ['a refused write', await raw(`${t.url}/api/vqso/upsert`, { method: 'POST', headers: auth, body: '{"data":{}}' })],
      ['an unknown call, signed in', await raw(`${t.url}/api/no-such-call`, { headers: auth })],
      ['signed out', await raw(`${t.url}/api/vuser`)],
      // Cloudlog's station list, named by the key in the path: no credentials in any header.
      ['a key in the path', await raw(`${t.url}/api/station_info/${apiKey}`)],
    ];
    for (const [what, answer] of uncached) expect(answer.headers['cache-control'], `${what} ${answer.status}`).toBe('no-store');
    expect(uncached.map(([what, a]) => `${what} ${a.status}`)).toEqual([
      'the logbook 200',
      'the account (GET) 200',
      'a QSO logged 201',
      'a refused write 422',
      'an unknown call, signed in 404',
      'signed out 401',
      'a key in the path 200',
    ]);
    // The same answer for everyone: the news (kept and asked again with its ETag, in both lanes) and the DXCC list.
    for (const path of ['/api/vnews?page=1&size=12', '/api/vnews?page=1&size=12&_=%20']) {
      const news = await raw(`${t.url}${path}`);
      expect(news.status, path).toBe(200);
      expect(news.headers['cache-control'], path).toBe('no-cache');
      expect(news.headers.etag, path).toBeTruthy();
    }
    expect((await raw(`${t.url}/api/vdxcc-entity-distinct`)).headers['cache-control']).toBe('public, max-age=86400');
  });

  it('sends no Strict-Transport-Security while the public address is not https', async () => {
    for (const path of ['/', '/api/vnews', '/api/vuser', '/healthz']) expect((await raw(`${t.url}${path}`)).headers['strict-transport-security'], path).toBeUndefined();
    for (const publicUrl of ['http://hamlog.test', 'HTTPS://hamlog.test']) {
      const headers = new Map<string, unknown>();
      securityHeadersFor(publicUrl)({ setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), value) } as unknown as ServerResponse);
      expect(headers.has('strict-transport-security'), publicUrl).toBe(publicUrl.startsWith('HTTPS'));
    }
  });

  it("sends Strict-Transport-Security on every answer, the fast lane's too, when PUBLIC_URL is https", async () => {
    const secure = await startTestServer({ PUBLIC_URL: 'https://hamlog.test', WEB_DIST: join(dir, 'web') });
    try {
      const answers: [string, RawAnswer][] = [
        ['API JSON signed out', await raw(`${secure.url}/api/vuser`)],
        ['the news (fast lane)', await raw(`${secure.url}/api/vnews`)],
        ['the news (express)', await raw(`${secure.url}/api/vnews?_=%20`)],
        ['home page (fast lane)', await raw(`${secure.url}/`)],
        ['a page express renders', await raw(`${secure.url}/no/such/page?_=%20`)],
        ['client file', await raw(`${secure.url}/assets/index-abc.js`)],
        ['API 404', await raw(`${secure.url}/api/no-such-call`)],
        ['missing media', await raw(`${secure.url}/media/no-such-file.png`)],
        ['health', await raw(`${secure.url}/healthz`)],
      ];
      for (const [what, answer] of answers) {
        expect(answer.headers['strict-transport-security'], `${what} ${answer.status}`).toBe('max-age=31536000; includeSubDomains');
        expectSecurityHeaders(answer, what);
      }
    } finally {
      await secure.stop();
    }
  });

  it('does not serve /metrics at all when no token is configured', async () => {
    const bare = await startTestServer({ METRICS_TOKEN: '' });
    try {
      const answer = await fetch(`${bare.url}/metrics`, { headers: { authorization: 'Bearer ' } });
      expect(answer.status).toBe(404);
      expectSecurityHeaders(answer, '/metrics without a token configured');
    } finally {
      await bare.stop();
    }
  });
});
