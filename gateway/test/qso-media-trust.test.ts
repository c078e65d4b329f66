import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDING_MALFORMED, recordingLimitReached, SSTV_TOO_MANY_PIXELS, SSTV_UNSUPPORTED, sstvLimitReached, STORAGE_QUOTA_BYTES } from '@hamlog/domain';
import { contentHashName } from '@hamlog/infra/files/content-name';
import { createPool } from '@hamlog/infra/postgres/pool';
import { mp3Sample } from '@hamlog/infra/testing/audio-samples';
import { ApiClient, startTestServer, type TestServer } from './server-harness';

const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>', 'latin1');

/** A PNG whose header claims width × height pixels (its CRC fixed), around a tiny real image. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } }).png().toBuffer());
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('QSO attachments: checked content, hidden with a deleted QSO, limited in number and storage', () => {
  let t: TestServer;
  let alice: ApiClient;
  let aliceKey = '';
  let qdoId = '';
  let n = 0;

  const media = (name: string, headers: Record<string, string> = {}) => fetch(`${t.url}/media/${name}`, { headers });
  const attach = async (kind: 'recordings' | 'sstv', body: Buffer, qso = qdoId) => {
    const res = await fetch(`${t.url}/api/qso/${qso}/${kind}?key=${aliceKey}`, { method: 'POST', body, headers: { 'content-type': 'application/octet-stream' } });
    return { status: res.status, body: (await res.json()) as { file_name: string; message: string; content_type: string } };
  };
  const logQso = async () => {
    n += 1;
    const logged = await alice.post<{ qdo_id: string }>('/vqso/upsert', { data: { Call: 'DL1ABC', TS: `2025-06-01T18:${String(n).padStart(2, '0')}:00Z`, Freq: 14074, Mode: 'FT8' } });
    expect(logged.status).toBe(201);
    return logged.body.qdo_id;
  };
  /** /media is public and does not wait for read models: poll until it answers `status`. */
  const untilMedia = async (name: string, status: number) => {
    for (let i = 0; i < 100; i += 1) {
      const res = await media(name);
      await res.arrayBuffer();
      if (res.status === status) return;
      await sleep(50);
    }
    throw new Error(`/media/${name} never answered ${status}`);
  };
  const storedFiles = () => readdirSync(join(t.dataDir, 'files')).filter((f) => !f.startsWith('.'));

  beforeAll(async () => {
    t = await startTestServer();
    alice = new ApiClient(t.url);
    await alice.signUp('alice@example.com', 'W1AW');
    aliceKey = (await alice.call<{ user: { api_key: string } }>('GET', '/vuser')).body.user.api_key;
    qdoId = await logQso();
  });
  afterAll(async () => t?.stop());

  it('re-encodes SSTV images: HTML appended to a PNG does not survive', async () => {
    const png = await sharp({ create: { width: 320, height: 256, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const polyglot = Buffer.concat([png, HTML]);
    const res = await attach('sstv', polyglot);
    expect(res.status).toBe(201);
    expect(res.body.file_name).not.toBe(contentHashName(polyglot, 'png'));
    const stored = Buffer.from(await (await media(res.body.file_name)).arrayBuffer());
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 320, height: 256 });
    expect((await attach('sstv', polyglot)).status).toBe(200); // the same upload again attaches nothing new
  });

  it('refuses SSTV images that are not images, or have too many pixels, storing nothing', async () => {
    const before = storedFiles();
    const fake = await attach('sstv', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), HTML]));
    expect(fake).toMatchObject({ status: 415, body: { message: SSTV_UNSUPPORTED } });
    const huge = await attach('sstv', await pngClaiming(30_000, 30_000));
    expect(huge).toMatchObject({ status: 413, body: { message: SSTV_TOO_MANY_PIXELS } });
    expect(storedFiles()).toEqual(before);
  });

  it('checks recordings by their container: an MP3 signature before HTML is refused', async () => {
    const polyglot = Buffer.concat([mp3Sample(0), HTML]);
    expect(await attach('recordings', polyglot)).toMatchObject({ status: 422, body: { message: RECORDING_MALFORMED } });
    expect(await attach('recordings', Buffer.concat([mp3Sample(), HTML]))).toMatchObject({ status: 422 });
    expect((await attach('recordings', mp3Sample())).status).toBe(201);
  });

  it('does not serve the attachments of a deleted QSO, and serves them again once it is restored', async () => {
    const qso = await logQso();
    const recording = (await attach('recordings', mp3Sample(7), qso)).body.file_name;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } }).png().toBuffer();
    const image = (await attach('sstv', png, qso)).body.file_name;
    for (const name of [recording, image]) await untilMedia(name, 200);
    // A cache may keep the file only to ask again with its ETag, so it never outlives the QSO.
    const served = await media(recording);
    await served.arrayBuffer();
    const cacheControl = served.headers.get('cache-control') ?? '';
    expect(cacheControl).not.toMatch(/immutable|public/);
    expect(cacheControl).toMatch(/no-cache|max-age=0/);
    expect(cacheControl).toMatch(/private/);
    expect((await media(recording, { 'if-none-match': served.headers.get('etag')!, 'cache-control': 'max-age=0' })).status).toBe(304);
    expect((await alice.post('/vqso/nuke', { qdo_id: qso })).status).toBe(200);
    for (const name of [recording, image]) await untilMedia(name, 404);
    expect((await media(recording, { 'if-none-match': served.headers.get('etag')!, 'cache-control': 'max-age=0' })).status).toBe(404);
    expect((await alice.post('/vqso/restore', { qdo_id: qso })).status).toBe(200);
    for (const name of [recording, image]) await untilMedia(name, 200);
  });

  it('a QSO takes at most 10 recordings and 10 SSTV images', async () => {
    const qso = await logQso();
    for (let i = 0; i < 10; i += 1) {
      expect((await attach('recordings', mp3Sample(3 + i), qso)).status).toBe(201);
      const png = await sharp({ create: { width: 4 + i, height: 4, channels: 3, background: '#123' } }).png().toBuffer();
      expect((await attach('sstv', png, qso)).status).toBe(201);
    }
    const before = storedFiles();
    expect(await attach('recordings', mp3Sample(20), qso)).toMatchObject({ status: 422, body: { message: recordingLimitReached(10) } });
    const png = await sharp({ create: { width: 40, height: 4, channels: 3, background: '#123' } }).png().toBuffer();
    expect(await attach('sstv', png, qso)).toMatchObject({ status: 422, body: { message: sstvLimitReached(10) } });
    expect((await attach('recordings', mp3Sample(3), qso)).status).toBe(200); // a resend is still fine
    expect(storedFiles()).toEqual(before);
  });

  it('a user stores at most 500 MB of photos and attachments, counting what is stored', async () => {
    const bob = new ApiClient(t.url);
    await bob.signUp('bob@example.com', 'K1JT');
    const bobKey = (await bob.call<{ user: { api_key: string } }>('GET', '/vuser')).body.user.api_key;
    const logged = await bob.post<{ qdo_id: string }>('/vqso/upsert', { data: { Call: 'JA1XYZ', TS: '2025-06-02T10:00:00Z', Freq: 7074, Mode: 'FT8' } });
    const bobQso = logged.body.qdo_id;
    expect((await bob.post('/vgetFullQso', { qdo_id: bobQso })).status).toBe(200);
    // What Bob has stored so far, as the read model counts it: just under the quota.
    const pool = createPool(t.db.url, 1);
    try {
      await pool.query(
        `INSERT INTO rm_qso_media (qdo_id, kind, file_name, content_type, bytes, position) VALUES ($1, 'recording', 'earlier.mp3', 'audio/mpeg', $2, 0)`,
        [bobQso, STORAGE_QUOTA_BYTES - 10],
      );
      const before = storedFiles();
      const res = await fetch(`${t.url}/api/qso/${bobQso}/recordings?key=${bobKey}`, { method: 'POST', body: mp3Sample(40) });
      expect(res.status).toBe(413);
      expect(((await res.json()) as { message: string }).message).toMatch(/at most 500 MB, and 500 MB are in use/);
      const form = new FormData();
      form.append('image', new Blob([await sharp({ create: { width: 64, height: 64, channels: 3, background: '#abc' } }).png().toBuffer()], { type: 'image/png' }), 'p.png');
      const photo = await fetch(`${t.url}/api/vuploadphoto`, { method: 'POST', body: form, headers: { authorization: `Bearer ${bob.token!}` } });
      expect(photo.status).toBe(413);
      expect(((await photo.json()) as { message: string }).message).toMatch(/Delete some to upload more/);
      expect(storedFiles()).toEqual(before);
      await pool.query(`DELETE FROM rm_qso_media WHERE file_name = 'earlier.mp3'`);
      expect((await fetch(`${t.url}/api/qso/${bobQso}/recordings?key=${bobKey}`, { method: 'POST', body: mp3Sample(2) })).status).toBe(201);
    } finally {
      await pool.end();
    }
  });
});
