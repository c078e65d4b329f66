/**
 * Files read whole into memory (photos, claim evidence, a post's image, QSO recordings and SSTV
 * images) take turns (decision 0048): at most 2 of one user's are read at once, the rest wait with
 * their bodies unread until one is over, whichever of those calls they are.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestServer, type TestServer } from './server-harness';

const BOUNDARY = 'hamlog-upload-turns-test';

/** A photo upload that sends its form's head and 64 KB of the image, then nothing more: a phone on a very slow line. */
function slowPhoto(base: string, token: string): { answered: Promise<number>; drop(): void } {
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`);
  const req = http.request(`${base}/api/vuploadphoto`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(head.length + 5_000_000) },
  });
  const answered = new Promise<number>((resolve) => {
    req.on('response', (res) => resolve(res.statusCode ?? 0));
    req.on('error', () => resolve(0));
  });
  req.write(head);
  req.write(Buffer.alloc(64 * 1024, 1));
  return { answered, drop: () => req.destroy() };
}

/** Whether `promise` settles within `ms`. */
const settlesWithin = (ms: number, promise: Promise<unknown>) => Promise.race([promise.then(() => true), sleep(ms).then(() => false)]);

describe('uploads read into memory take turns', () => {
  let t: TestServer;
  let alice: ApiClient;
  let aliceKey = '';
  let qdoId = '';
  let png: Buffer;

  beforeAll(async () => {
    t = await startTestServer();
    alice = new ApiClient(t.url);
    await alice.signUp('alice@example.com', 'W1AW');
    aliceKey = (await alice.call<{ user: { api_key: string } }>('GET', '/vuser')).body.user.api_key;
    const logged = await alice.post<{ qdo_id: string }>('/vqso/upsert', { data: { Call: 'DL1ABC', TS: '2025-06-01T18:00:00Z', Freq: 14074, Mode: 'FT8' } });
    expect(logged.status).toBe(201);
    qdoId = logged.body.qdo_id;
    png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } }).png().toBuffer();
  });
  afterAll(async () => t?.stop());

  it("a user's third and fourth uploads (a photo, an SSTV image) wait, bodies unread, until one of the two being read is over", async () => {
    const slow = [slowPhoto(t.url, alice.token!), slowPhoto(t.url, alice.token!)];
    await sleep(1_000);

    const form = new FormData();
    form.append('image', new Blob([png], { type: 'image/png' }), 'p.png');
    const photo = fetch(`${t.url}/api/vuploadphoto`, { method: 'POST', body: form, headers: { authorization: `Bearer ${alice.token!}` } });
    const sstv = fetch(`${t.url}/api/qso/${qdoId}/sstv`, { method: 'POST', body: png, headers: { 'x-api-key': aliceKey, 'content-type': 'application/octet-stream' } });
    expect(await settlesWithin(1_500, photo), 'the photo waits its turn').toBe(false);
    expect(await settlesWithin(100, sstv), 'the SSTV image waits its turn').toBe(false);

    // A slow upload given up: its place goes to the first in line (the photo), whose place then goes to the next.
    slow[0]!.drop();
    expect((await photo).status).toBe(201);
    expect((await sstv).status).toBe(201);
    slow[1]!.drop();
    await Promise.all(slow.map((s) => s.answered));
  });
});
