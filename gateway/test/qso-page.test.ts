import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QSO_NOT_FOUND, RECORDING_UNSUPPORTED, SSTV_TOO_LARGE, SSTV_UNSUPPORTED, RECORDING_TOO_LARGE } from '@hamlog/domain';
import { isCommandPath } from '@hamlog/command-api';
import { qsoPageFromReadModel } from '@hamlog/query-api';
import { createPool } from '@hamlog/infra/postgres/pool';
import { mp3Sample } from '@hamlog/infra/testing/audio-samples';
import { ApiClient, startTestServer, type TestServer } from './server-harness';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="HamLog: log your amateur radio contacts in the cloud." />
    <title>HamLog</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const EVIL_COMMENT = '<script>alert("pwned")</script> & $& 73';
const EVIL_NAME = 'Ann "</title><script>x()</script>';
/** A tiny MP3: an ID3v2 tag and three silent MPEG-1 layer III frames. */
const MP3 = mp3Sample();

describe('the QSO page: previews, QSL card, attachments, history and restore', () => {
  let t: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let visitor: ApiClient;
  let aliceKey = '';
  let bobKey = '';
  let qdoId = '';
  let png = Buffer.alloc(0);

  const page = (path: string, init: RequestInit = {}) => fetch(`${t.url}${path}`, init);
  const upload = (path: string, body: Buffer, headers: Record<string, string> = {}) =>
    fetch(`${t.url}/api${path}`, { method: 'POST', body, headers: { 'content-type': 'application/octet-stream', ...headers } });

  beforeAll(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'hamlog-qso-page-'));
    const webDist = join(dataDir, 'web');
    await import('node:fs/promises').then((fs) => fs.mkdir(webDist));
    await writeFile(join(webDist, 'index.html'), INDEX_HTML);
    t = await startTestServer({ DATA_DIR: dataDir, WEB_DIST: webDist });
    alice = new ApiClient(t.url);
    bob = new ApiClient(t.url);
    visitor = new ApiClient(t.url);
    await alice.signUp('alice@example.com', 'W1AW');
    await bob.signUp('bob@example.com', 'K1JT');
    aliceKey = (await alice.call<{ user: { api_key: string } }>('GET', '/vuser')).body.user.api_key;
    bobKey = (await bob.call<{ user: { api_key: string } }>('GET', '/vuser')).body.user.api_key;
    const logged = await alice.post<{ qdo_id: string }>('/vqso/upsert', {
      data: { Call: 'DL1ABC', TS: '2025-06-01T18:30:12Z', Freq: 14074, Mode: 'MFSK', SubMode: 'FT4', SNT: '-10', RCV: '-12', Name: EVIL_NAME, Comment: EVIL_COMMENT },
    });
    expect(logged.status).toBe(201);
    qdoId = logged.body.qdo_id;
    // The page and its meta read the read model: wait (as the writer) until it holds the QSO.
    expect((await alice.post('/vgetFullQso', { qdo_id: qdoId })).status).toBe(200);
    png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#3366cc' } }).png().toBuffer();
  });
  afterAll(async () => t?.stop());

  describe('link previews in the HTML the server sends', () => {
    it('sets the title and Open Graph meta from the QSO, escaping what the user typed', async () => {
      const res = await page(`/qso/${qdoId}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      const html = await res.text();
      expect(html).toContain('<title>DL1ABC at 2025-06-01 18:30 UTC · HamLog</title>');
      expect(html).toContain('<meta property="og:title" content="W1AW worked DL1ABC on 20m FT4" />');
      expect(html).toContain(`<meta property="og:image" content="${t.url}/qsl/${qdoId}" />`);
      expect(html).toContain(`<meta property="og:url" content="${t.url}/qso/${qdoId}" />`);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
      expect(html).toContain('&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp; $&amp; 73');
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('</title><script>');
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
      expect(html).toContain('<div id="root"></div>');
    });

    it('leaves other pages and unknown QSOs plain', async () => {
      for (const path of ['/logs', '/qso/no-such-qso', '/W1AW']) {
        const html = await (await page(path)).text();
        expect(html).toContain('<title>HamLog</title>');
        expect(html).not.toContain('og:title');
      }
      // An address that cannot be decoded is refused before any page is rendered.
      const undecodable = await page('/qso/%E0%A4%A');
      expect(undecodable.status).toBe(400);
      expect(await undecodable.text()).not.toContain('og:title');
    });

    it('uses PUBLIC_URL for absolute links when set', async () => {
      const pool = createPool(t.db.url, 1);
      try {
        const render = qsoPageFromReadModel(pool, 'https://hamlog.example');
        const html = await render(`/qso/${qdoId}`, INDEX_HTML, 'http://ignored');
        expect(html).toContain(`<meta property="og:image" content="https://hamlog.example/qsl/${qdoId}" />`);
        expect(html).not.toContain('<script>');
        expect(await render('/qso/no-such-qso', INDEX_HTML, 'http://x')).toBe(INDEX_HTML);
      } finally {
        await pool.end();
      }
    });

    it('the front door sends attachments and restore to command-api, history and the trash to query-api', () => {
      expect(isCommandPath(`/qso/${qdoId}/recordings`)).toBe(true);
      expect(isCommandPath(`/qso/${qdoId}/sstv`)).toBe(true);
      expect(isCommandPath('/vqso/restore')).toBe(true);
      expect(isCommandPath('/vqso/history')).toBe(false);
      expect(isCommandPath('/vqso/deleted')).toBe(false);
      expect(isCommandPath(`/qsl/${qdoId}`)).toBe(false);
    });
  });

  describe('the QSL card image', () => {
    it('is a 1200 × 630 PNG at /qsl/{id} and /api/qsl/{id}, with an ETag that answers 304', async () => {
      for (const path of [`/qsl/${qdoId}`, `/api/qsl/${qdoId}`, `/qsl/${qdoId}.png`]) {
        const res = await page(path);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/png');
        const bytes = Buffer.from(await res.arrayBuffer());
        expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
        const meta = await sharp(bytes).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
      }
      const first = await page(`/qsl/${qdoId}`);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"qsl-/);
      expect(first.headers.get('cache-control')).toMatch(/public/);
      // As a browser revalidates (fetch() itself would add 'cache-control: no-cache', which forces a full answer).
      const again = await page(`/qsl/${qdoId}`, { headers: { 'if-none-match': etag ?? '', 'cache-control': 'max-age=0' } });
      expect(again.status).toBe(304);
    });

    it('is 404 for an unknown QSO', async () => {
      expect((await page('/qsl/no-such-qso')).status).toBe(404);
      expect((await page('/qsl/..%2F..%2Fetc')).status).toBe(404);
    });
  });

  describe('attachments with the API key', () => {
    it('refuses a missing or unknown key (401) and another user’s key (404), writing nothing', async () => {
      const none = await upload(`/qso/${qdoId}/recordings`, MP3);
      expect(none.status).toBe(401);
      expect(((await none.json()) as { message: string }).message).toMatch(/API key is required/);
      expect((await upload(`/qso/${qdoId}/recordings?key=wrong`, MP3)).status).toBe(401);
      const other = await upload(`/qso/${qdoId}/recordings?key=${bobKey}`, MP3);
      expect(other.status).toBe(404);
      expect(((await other.json()) as { message: string }).message).toBe(QSO_NOT_FOUND);
      expect((await upload(`/qso/no-such-qso/recordings?key=${aliceKey}`, MP3)).status).toBe(404);
      const qso = await visitor.post<{ qso: { mp3s: unknown[] } }>('/vgetFullQso', { qdo_id: qdoId });
      expect(qso.body.qso.mp3s).toEqual([]);
    });

    it('checks the type by content, whatever the Content-Type says (415), and the size (413)', async () => {
      const text = await upload(`/qso/${qdoId}/recordings?key=${aliceKey}`, Buffer.from('just some text, honest'), { 'content-type': 'audio/mpeg' });
      expect(text.status).toBe(415);
      expect(((await text.json()) as { message: string }).message).toBe(RECORDING_UNSUPPORTED);
      const mp3AsImage = await upload(`/qso/${qdoId}/sstv?key=${aliceKey}`, MP3, { 'content-type': 'image/png' });
      expect(mp3AsImage.status).toBe(415);
      expect(((await mp3AsImage.json()) as { message: string }).message).toBe(SSTV_UNSUPPORTED);
      const json = await upload(`/qso/${qdoId}/sstv?key=${aliceKey}`, Buffer.from('{"a":1}'), { 'content-type': 'application/json' });
      expect(json.status).toBe(415);
      const empty = await upload(`/qso/${qdoId}/sstv?key=${aliceKey}`, Buffer.alloc(0));
      expect(empty.status).toBe(422);

      const bigImage = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
      const tooBig = await upload(`/qso/${qdoId}/sstv?key=${aliceKey}`, bigImage);
      expect(tooBig.status).toBe(413);
      expect(((await tooBig.json()) as { message: string }).message).toBe(SSTV_TOO_LARGE);
      const bigAudio = await upload(`/qso/${qdoId}/recordings?key=${aliceKey}`, Buffer.concat([MP3, Buffer.alloc(20 * 1024 * 1024)]));
      expect(bigAudio.status).toBe(413);
      expect(((await bigAudio.json()) as { message: string }).message).toBe(RECORDING_TOO_LARGE);
      const history = await alice.post<{ history: { label: string }[] }>('/vqso/history', { qdo_id: qdoId });
      expect(history.body.history.map((h) => h.label)).toEqual(['Logged']);
    });

    it('attaches a recording and an SSTV image once each, however often they are sent', async () => {
      const first = await upload(`/qso/${qdoId}/recordings?key=${aliceKey}`, MP3, { 'content-type': 'image/png' });
      expect(first.status).toBe(201);
      const attached = (await first.json()) as { file_name: string; content_type: string; bytes: number; attached: boolean };
      expect(attached).toMatchObject({ content_type: 'audio/mpeg', bytes: MP3.length, attached: true });
      expect(attached.file_name).toMatch(/^[0-9a-f]{64}\.mp3$/);
      const resend = await upload(`/qso/${qdoId}/recordings?key=${aliceKey}`, MP3);
      expect(resend.status).toBe(200);
      expect(await resend.json()).toMatchObject({ file_name: attached.file_name, attached: false });

      const image = await upload(`/qso/${qdoId}/sstv`, png, { 'x-api-key': aliceKey });
      expect(image.status).toBe(201);
      const sstv = (await image.json()) as { file_name: string };
      expect(sstv.file_name).toMatch(/\.png$/);
      expect((await upload(`/qso/${qdoId}/sstv`, png, { 'x-api-key': aliceKey })).status).toBe(200);

      // The writer's next read sees the attachments (read-your-writes through x-min-position).
      const position = Number(first.headers.get('x-log-position'));
      expect(position).toBeGreaterThan(0);
      const answer = await fetch(`${t.url}/api/vgetFullQso`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-min-position': image.headers.get('x-log-position') ?? '' },
        body: JSON.stringify({ qdo_id: qdoId }),
      });
      const { qso } = (await answer.json()) as { qso: { mp3_name: string; mp3s: { file_name: string }[]; sstvs: { file_name: string }[] } };
      expect(qso.mp3_name).toBe(attached.file_name);
      expect(qso.mp3s).toEqual([{ file_name: attached.file_name }]);
      expect(qso.sstvs).toEqual([{ file_name: sstv.file_name }]);
      const own = await alice.post<{ mp3_name: string }>('/vqso/get', { qdo_id: qdoId });
      expect(own.body.mp3_name).toBe(attached.file_name);

      const media = await page(`/media/${attached.file_name}`);
      expect(media.status).toBe(200);
      expect(media.headers.get('content-type')).toBe('audio/mpeg');
      expect(Buffer.from(await media.arrayBuffer()).equals(MP3)).toBe(true);
      const part = await page(`/media/${attached.file_name}`, { headers: { range: 'bytes=0-9' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 0-9/${MP3.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(MP3.subarray(0, 10))).toBe(true);
      expect((await page(`/media/${sstv.file_name}`)).headers.get('content-type')).toBe('image/png');
      expect((await page('/media/nope.png')).status).toBe(404);
      expect((await page('/media/..%2F..%2Fpackage.json')).status).toBe(404);
    });
  });

  describe('history and restore', () => {
    it('shows the owner every change; to anyone else the QSO has no history', async () => {
      const updated = await alice.post('/vqso/update', { qdo_id: qdoId, Freq: 14076 });
      expect(updated.status).toBe(200);
      const history = await alice.post<{ deleted: boolean; qso: { Freq: number }; history: { label: string; changes: { field: string; from: string; to: string }[] }[] }>('/vqso/history', { qdo_id: qdoId });
      expect(history.status).toBe(200);
      expect(history.body.deleted).toBe(false);
      expect(history.body.qso.Freq).toBe(14076);
      expect(history.body.history.map((h) => h.label)).toEqual(['Logged', 'Recording attached', 'SSTV image attached', 'Updated']);
      expect(history.body.history[3]?.changes).toEqual([{ field: 'Freq', from: '14.074000', to: '14.076000' }]);

      expect((await bob.post('/vqso/history', { qdo_id: qdoId })).status).toBe(404);
      expect((await visitor.post('/vqso/history', { qdo_id: qdoId })).status).toBe(401);
      expect((await alice.post('/vqso/history', { qdo_id: 'no-such-qso' })).status).toBe(404);
      expect((await alice.post('/vqso/history', {})).status).toBe(422);
    });

    it('a deleted QSO is gone for everyone but its owner, who finds it and restores it once', async () => {
      expect((await alice.post('/vqso/nuke', { qdo_id: qdoId })).status).toBe(200);
      expect((await alice.post('/vgetFullQso', { qdo_id: qdoId })).status).toBe(404);
      expect((await visitor.post('/vgetFullQso', { qdo_id: qdoId })).status).toBe(404);
      expect((await page(`/qsl/${qdoId}`)).status).toBe(404);
      expect(await (await page(`/qso/${qdoId}`)).text()).not.toContain('og:title');
      expect((await upload(`/qso/${qdoId}/recordings?key=${aliceKey}`, Buffer.concat([MP3, Buffer.from('x')]))).status).toBe(404);

      const history = await alice.post<{ deleted: boolean; history: { label: string }[]; qso: { Call: string } }>('/vqso/history', { qdo_id: qdoId });
      expect(history.body.deleted).toBe(true);
      expect(history.body.qso.Call).toBe('DL1ABC');
      expect(history.body.history.at(-1)?.label).toBe('Deleted');

      const trash = await alice.post<{ qsos: { qdo_id: string; Call: string; deleted_at: string }[]; total: number }>('/vqso/deleted', { page: 1, size: 10 });
      expect(trash.status).toBe(200);
      expect(trash.body.total).toBe(1);
      expect(trash.body.qsos[0]).toMatchObject({ qdo_id: qdoId, Call: 'DL1ABC' });
      expect(trash.body.qsos[0]?.deleted_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect((await bob.post<{ qsos: unknown[] }>('/vqso/deleted', {})).body.qsos).toEqual([]);
      expect((await alice.post('/vqso/deleted', { size: 1000 })).status).toBe(422);
      expect((await visitor.post('/vqso/deleted', {})).status).toBe(401);

      expect((await bob.post('/vqso/restore', { qdo_id: qdoId })).status).toBe(404);
      expect((await visitor.post('/vqso/restore', { qdo_id: qdoId })).status).toBe(401);
      expect((await visitor.post<{ qso: unknown }>('/vgetFullQso', { qdo_id: qdoId })).status).toBe(404);

      const restored = await alice.post('/vqso/restore', { qdo_id: qdoId });
      expect(restored.status).toBe(200);
      expect(restored.headers.get('x-log-position')).not.toBeNull();
      const retried = await alice.post('/vqso/restore', { qdo_id: qdoId });
      expect(retried.status).toBe(200);
      expect(retried.headers.get('x-log-position')).toBeNull();

      const back = await alice.post<{ qso: { Freq: number; mp3s: unknown[] } }>('/vgetFullQso', { qdo_id: qdoId });
      expect(back.status).toBe(200);
      expect(back.body.qso.Freq).toBe(14076);
      expect(back.body.qso.mp3s).toHaveLength(1);
      expect((await alice.post<{ total: number }>('/vqso/deleted', {})).body.total).toBe(0);
      const labels = (await alice.post<{ history: { label: string }[] }>('/vqso/history', { qdo_id: qdoId })).body.history.map((h) => h.label);
      expect(labels.slice(-2)).toEqual(['Deleted', 'Restored']);
      expect((await page(`/qsl/${qdoId}`)).status).toBe(200);
    });
  });
});
