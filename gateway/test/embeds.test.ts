/**
 * The embed pages other sites frame (community.md 'Embed codes') against the real embedded server:
 * every page with data and for an unknown callsign, escaping, framing and script headers, caching,
 * size, the production gateway's routing, and GET /api/embed-codes for /how-to/embeds.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_CODES_LOGIN_REQUIRED, EMBED_NO_PHOTOS, EMBED_NO_QSOS, EMBED_NO_RIG, EMBED_NO_SSTV, EMBED_STATION_NOT_FOUND, type FeedUsersAnswer, type Photo } from '@hamlog/domain';
import { embedPath, type EmbedCodesAnswer, type EmbedKind } from '@hamlog/domain/embeds/embed-codes';
import { nginxBinary, startFrontDoor } from '../src/shape/service-processes';
import { upload } from './people-helpers';
import { ApiClient, startWithAliceAndBob, type TestServer } from './server-harness';

const KINDS: EmbedKind[] = ['live', 'last', 'photos', 'logs', 'sstv'];
const EVIL_NAME = 'Ann "</title><script>alert(1)</script>';
const EVIL_COMMENT = '<img src=x onerror=alert(2)> & <script>steal()</script> 73';
const MAX_BYTES = 30 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function expectEmbedHeaders(res: Response, what: string): void {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp, what).toContain('frame-ancestors *');
  expect(csp, what).toContain("script-src 'none'");
  expect(csp, what).toContain("default-src 'none'");
  expect(csp, what).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
  expect(csp, what).not.toContain('unsafe-inline');
  expect(res.headers.get('x-frame-options'), what).toBeNull();
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('cache-control'), what).toBe('public, max-age=30');
  expect(res.headers.get('etag'), what).toMatch(/^"[\w-]+"$/);
  expect(res.headers.get('content-type'), what).toMatch(/^text\/html/);
}

describe('embed pages: /active-embed/1/{callsign}, /embed/1/{last,photos}/{callsign}, /embed/1/{callsign}, /embed/sstv/1/{callsign}', () => {
  let t: TestServer;
  let alice: ApiClient;
  let aliceId = '';
  let photo: Photo;
  let sstvName = '';
  let qdoId = '';
  const pages = new Map<EmbedKind, { res: Response; html: string }>();

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { headers });
  const fetchPage = async (path: string, headers: Record<string, string> = {}) => {
    const res = await get(path, headers);
    return { res, html: await res.text() };
  };

  beforeAll(async () => {
    ({ t, alice, aliceId } = await startWithAliceAndBob('W1AW', { PUBLIC_URL: 'https://hamlog.example' }));
    const renamed = await alice.post('/vupdateprofile', { name: EVIL_NAME, qth: 'Newington', grid: 'FN31pr', email: 'alice@example.com' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const key = (await alice.call<{ user: { api_key: string } }>('GET', '/vuser')).body.user.api_key;
    for (let i = 0; i < 3; i += 1) {
      const logged = await alice.post<{ qdo_id: string }>('/vqso/upsert', {
        data: { Call: `DL${i}ABC`, TS: `2025-06-01T18:3${i}:00Z`, Freq: 14074, Mode: 'FT8', Comment: EVIL_COMMENT },
      });
      expect(logged.status).toBe(201);
      qdoId = logged.body.qdo_id;
    }
    // A contest QSO: its frequency stays private, as in the public feeds.
    expect((await alice.post('/vqso/upsert', { data: { Call: 'OH2BH', TS: '2025-06-01T18:40:00Z', Freq: 7012.5, Mode: 'CW', ContestName: 'CQ-WW-CW' } })).status).toBe(201);
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366aa' } }).png().toBuffer();
    const uploaded = await upload(t, alice, '/vuploadphoto', { name: 'shack.png', type: 'image/png', bytes: png });
    expect(uploaded.status).toBe(201);
    photo = (uploaded.body as { photo: Photo }).photo;
    const sstv = await fetch(`${t.url}/api/qso/${qdoId}/sstv?key=${key}`, {
      method: 'POST',
      body: await sharp({ create: { width: 320, height: 256, channels: 3, background: '#cc6633' } }).png().toBuffer(),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(sstv.status).toBe(201);
    sstvName = ((await sstv.json()) as { file_name: string }).file_name;
    expect((await alice.post('/radio', { key, radio: 'IC-7300', frequency: 14074000, mode: 'FT8', op_mode: 2 })).status).toBe(200);
    // The read models and the live state are built asynchronously; the embeds do not wait for them, so wait here.
    for (let i = 0; i < 100; i += 1) {
      const live = await alice.call<FeedUsersAnswer>('GET', '/ActiveUserList');
      const book = await alice.post<{ logbook: unknown[] }>('/vlogbook', { page: 1, size: 10 });
      const media = await alice.call<{ sstvs?: unknown[] }>('POST', '/vgetFullQso', { qdo_id: qdoId });
      if (live.body.users.some((u) => u.id === aliceId) && book.body.logbook.length === 4 && JSON.stringify(media.body).includes(sstvName)) break;
      await sleep(100);
    }
    for (const kind of KINDS) pages.set(kind, await fetchPage(`${embedPath(kind, 'w1aw')}?ref_id=${aliceId}`));
  }, 60_000);
  afterAll(async () => t?.stop());

  const pageOf = (kind: EmbedKind) => {
    const found = pages.get(kind);
    if (!found) throw new Error(`no ${kind} page`);
    return found;
  };

  it('answers every page for a station with data: framable by any site, no script, cacheable, under 30 KB', () => {
    for (const kind of KINDS) {
      const { res, html } = pageOf(kind);
      expect(res.status, kind).toBe(200);
      expectEmbedHeaders(res, kind);
      expect(Buffer.byteLength(html), kind).toBeLessThan(MAX_BYTES);
      expect(html, kind).toContain('W1AW');
      expect(html, kind).not.toMatch(/<script|<img src=x|javascript:/i);
      expect(html, kind).toContain(`/W1AW?ref_id=${aliceId}`);
    }
  });

  it('shows each page its own data', () => {
    const live = pageOf('live').html;
    expect(live).toContain('ON AIR');
    expect(live).toContain('14.074 MHz FT8');
    expect(live).toContain('<meta http-equiv="refresh" content="30">');
    const last = pageOf('last').html;
    expect(last).toContain('14.074 MHz');
    expect(last).toContain('20m');
    expect(last).toContain('FT8');
    const photos = pageOf('photos').html;
    expect(photos).toContain(`src="/media/${photo.thumbnail_name}"`);
    expect(photos).toContain(`href="/media/${photo.profile_image_name}"`);
    const logs = pageOf('logs').html;
    for (const call of ['DL0ABC', 'DL1ABC', 'DL2ABC', 'OH2BH']) expect(logs).toContain(call);
    expect(logs).toContain(`href="/qso/${qdoId}"`);
    expect(logs).toContain('14.074');
    expect(logs).not.toContain('7.0125');
    const sstv = pageOf('sstv').html;
    expect(sstv).toContain(`src="/media/${sstvName}"`);
    expect(sstv).toContain('DL2ABC');
  });

  it('escapes what users typed: a hostile profile name and QSO comment stay text', () => {
    const logs = pageOf('logs').html;
    expect(logs).toContain('Ann &quot;&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(logs).toContain('&lt;img src=x onerror=alert(2)&gt; &amp; &lt;script&gt;steal()&lt;/script&gt; 73');
    expect(logs.match(/<title>/g)).toHaveLength(1);
    expect(logs).not.toContain('<img src=x');
  });

  it('answers a small 404 page, still framable, for an unknown callsign or style', async () => {
    for (const path of [...KINDS.map((kind) => embedPath(kind, 'N0BODY')), '/embed/2/W1AW', '/active-embed/2/W1AW']) {
      const { res, html } = await fetchPage(path);
      expect(res.status, path).toBe(404);
      expectEmbedHeaders(res, path);
      expect(html, path).toContain(EMBED_STATION_NOT_FOUND);
      expect(Buffer.byteLength(html), path).toBeLessThan(4 * 1024);
    }
  });

  it('shows honest empty states for a station with nothing yet', async () => {
    // K1JT signed up moments ago: online, with no rig.
    const expected: Record<EmbedKind, string> = { live: 'ONLINE', last: EMBED_NO_RIG, photos: EMBED_NO_PHOTOS, logs: EMBED_NO_QSOS, sstv: EMBED_NO_SSTV };
    for (const kind of KINDS) {
      const { res, html } = await fetchPage(embedPath(kind, 'K1JT'));
      expect(res.status, kind).toBe(200);
      expect(html, kind).toContain(expected[kind]);
      expect(html, kind).toContain('K1JT');
    }
  });

  it('answers 304 to a revalidation with the same ETag', async () => {
    const path = embedPath('logs', 'W1AW');
    const first = await get(path);
    await first.text();
    const etag = first.headers.get('etag') ?? '';
    const again = await get(path, { 'if-none-match': etag, 'cache-control': 'max-age=0' });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('sends a page compressed once for readers that accept brotli or gzip, with its own ETag', async () => {
    const path = embedPath('logs', 'W1AW');
    const plain = await fetchPage(path, { 'accept-encoding': 'identity' });
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    for (const encoding of ['br', 'gzip']) {
      const { res, html } = await fetchPage(path, { 'accept-encoding': encoding });
      expect(res.headers.get('content-encoding'), encoding).toBe(encoding);
      expect(res.headers.get('vary'), encoding).toMatch(/Accept-Encoding/i);
      expect(res.headers.get('etag'), encoding).toBe(plain.res.headers.get('etag')?.replace(/"$/, `-${encoding}"`));
      expect(html, encoding).toBe(plain.html);
    }
  });

  it('carries on only a plausible ref_id', async () => {
    const { html } = await fetchPage(`${embedPath('logs', 'W1AW')}?ref_id=%22%3E%3Cb%3Ex`);
    expect(html).toContain('href="/W1AW"');
    expect(html).not.toContain('ref_id');
    expect(html).not.toContain('<b>x');
  });

  it('keeps every other answer unframable', async () => {
    for (const path of ['/api/ActiveUserList', `/media/${photo.thumbnail_name}`, '/qsl/nope', '/embedded', '/api/nope']) {
      const res = await get(path);
      await res.arrayBuffer();
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).not.toContain('frame-ancestors *');
    }
  });

  it.skipIf(!nginxBinary())('the front door (nginx) routes the embed pages to query-api', async () => {
    const host = new URL(t.url).host;
    const nginx = await startFrontDoor({ commandApi: [host], queryApi: [host] });
    try {
      for (const kind of KINDS) {
        const res = await fetch(`${nginx.url}${embedPath(kind, 'W1AW')}`);
        const html = await res.text();
        expect(res.status, kind).toBe(200);
        expectEmbedHeaders(res, kind);
        expect(html, kind).toContain('W1AW');
      }
    } finally {
      await nginx.stop();
    }
  });

  describe('GET /api/embed-codes for /how-to/embeds', () => {
    it('gives the signed-in user their callsign, ref_id and the configured public address; visitors get 401', async () => {
      const answer = await alice.call<EmbedCodesAnswer>('GET', '/embed-codes');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ callsign: 'W1AW', ref_id: aliceId, base_url: 'https://hamlog.example' });
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const visitor = await new ApiClient(t.url).call('GET', '/embed-codes');
      expect(visitor.status).toBe(401);
      expect(EMBED_CODES_LOGIN_REQUIRED).toBe('Please log in to see your personal HTML Embed Codes');
    });
  });
});
