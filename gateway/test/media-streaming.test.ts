import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHashName } from '@hamlog/infra/files/content-name';
import { startTestServer, type TestServer } from './server-harness';

const MB = 1024 * 1024;

/** A GET that reads the headers and then nothing more: a reader on a very slow line. */
function slowReader(url: string): Promise<{ status: number; close: () => void }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, (res) => {
      res.pause();
      resolve({ status: res.statusCode ?? 0, close: () => req.destroy() });
    });
    req.on('error', reject);
  });
}

describe('/media streams files from storage', () => {
  let t: TestServer;
  let big: Buffer;
  let name: string;
  const media = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}/media/${path}`, { headers });

  beforeAll(async () => {
    t = await startTestServer();
    big = randomBytes(20 * MB);
    name = contentHashName(big, 'mp3');
    mkdirSync(join(t.dataDir, 'files'), { recursive: true });
    writeFileSync(join(t.dataDir, 'files', name), big);
  });
  afterAll(async () => t?.stop());

  it('answers byte ranges with the right bytes, and 416 outside the file', async () => {
    const whole = await media(name);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe(String(big.length));
    expect(Buffer.from(await whole.arrayBuffer()).equals(big)).toBe(true);

    const cases: [string, number, number][] = [
      ['bytes=0-9', 0, 9],
      ['bytes=1000-1999', 1000, 1999],
      ['bytes=-500', big.length - 500, big.length - 1],
      [`bytes=${big.length - 10}-`, big.length - 10, big.length - 1],
      [`bytes=${big.length - 5}-${big.length + 100}`, big.length - 5, big.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const part = await media(name, { range });
      expect(part.status, range).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${big.length}`);
      expect(part.headers.get('content-length')).toBe(String(end - start + 1));
      expect(Buffer.from(await part.arrayBuffer()).equals(big.subarray(start, end + 1)), range).toBe(true);
    }
    for (const range of [`bytes=${big.length}-`, 'bytes=-0', `bytes=${big.length + 5}-${big.length + 9}`]) {
      const outside = await media(name, { range });
      expect(outside.status, range).toBe(416);
      expect(outside.headers.get('content-range')).toBe(`bytes */${big.length}`);
      await outside.arrayBuffer();
    }
  });

  it('is validated by its name (kept by a browser only to ask again: its QSO may be deleted), and answers 304 to If-None-Match', async () => {
    const first = await media(name, { range: 'bytes=0-0' });
    await first.arrayBuffer();
    const etag = first.headers.get('etag');
    expect(etag).toBe(`"${name}"`);
    expect(first.headers.get('cache-control')).toBe('private, max-age=0, must-revalidate');
    for (const ifNoneMatch of [etag!, `"other", W/${etag!}`, '*']) {
      const again = await media(name, { 'if-none-match': ifNoneMatch });
      expect(again.status, ifNoneMatch).toBe(304);
      expect((await again.arrayBuffer()).byteLength).toBe(0);
    }
    const changed = await media(name, { 'if-none-match': '"something-else"', range: 'bytes=0-0' });
    expect(changed.status).toBe(206);
    await changed.arrayBuffer();
  });

  it('keeps memory bounded with 60 slow readers of a 20 MB file', async () => {
    const readers = 60;
    const before = process.memoryUsage().rss;
    const opened = await Promise.all(Array.from({ length: readers }, () => slowReader(`${t.url}/media/${name}`)));
    expect(opened.every((r) => r.status === 200)).toBe(true);
    await sleep(1500); // the server pushes what the sockets take, then waits
    const during = process.memoryUsage().rss;
    for (const r of opened) r.close();
    const growth = during - before;
    const wholeFiles = readers * big.length;
    console.log(
      `media streaming: ${readers} slow readers of ${big.length / MB} MB: RSS ${(before / MB).toFixed(0)} MB -> ${(during / MB).toFixed(0)} MB ` +
        `(+${(growth / MB).toFixed(0)} MB; whole files in memory would be ${(wholeFiles / MB).toFixed(0)} MB)`,
    );
    expect(growth).toBeLessThan(wholeFiles / 10);
  }, 30_000);
});
