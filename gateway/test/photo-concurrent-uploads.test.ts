import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_LIMIT, PHOTO_LIMIT_REACHED, type Photo } from '@hamlog/domain';
import { ApiClient, startTestServer, type TestServer } from './server-harness';

const picture = (i: number) =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: `#${(i * 7919).toString(16).padStart(6, '0').slice(-6)}` } }).png().toBuffer();

describe('concurrent photo uploads to one user', () => {
  let t: TestServer;
  let alice: ApiClient;
  let aliceFiles: string[] = [];

  const send = async (client: ApiClient, bytes: Buffer) => {
    const form = new FormData();
    form.append('image', new Blob([bytes], { type: 'image/png' }), 'p.png');
    const res = await fetch(`${t.url}/api/vuploadphoto`, { method: 'POST', body: form, headers: { authorization: `Bearer ${client.token!}` } });
    return { status: res.status, position: Number(res.headers.get('x-log-position') ?? 0), body: (await res.json()) as { message?: string } };
  };
  /** The files the user's photos name, read after the given position. */
  const referenced = async (client: ApiClient, position: number) => {
    const res = await fetch(`${t.url}/api/vphotos`, { method: 'POST', headers: { authorization: `Bearer ${client.token!}`, 'x-min-position': String(position) } });
    const photos = (await res.json()) as Photo[];
    return photos.flatMap((p) => [p.profile_image_name, p.thumbnail_name]);
  };
  const storedFiles = () => readdirSync(join(t.dataDir, 'files')).filter((f) => !f.startsWith('.'));

  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => t?.stop());

  it('25 at once: each 2xx or 409, never 5xx, and no file left that no photo names', async () => {
    alice = new ApiClient(t.url);
    await alice.signUp('alice@example.com', 'W1AW');
    const images = await Promise.all(Array.from({ length: 25 }, (_, i) => picture(i)));
    const answers = await Promise.all(images.map((bytes) => send(alice, bytes)));
    const statuses = answers.map((a) => a.status);
    console.log(`photo uploads at once: ${JSON.stringify(statuses.reduce<Record<number, number>>((n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }), {}))}`);
    expect(statuses.every((s) => (s >= 200 && s < 300) || s === 409)).toBe(true);
    aliceFiles = await referenced(alice, Math.max(...answers.map((a) => a.position)));
    expect(aliceFiles).toHaveLength(2 * statuses.filter((s) => s < 300).length);
    expect(storedFiles().sort()).toEqual([...aliceFiles].sort());
  }, 60_000);

  it('racing for the last free places: the refused uploads leave no file behind', async () => {
    const bob = new ApiClient(t.url);
    await bob.signUp('bob@example.com', 'K1JT');
    const free = 10;
    let position = 0;
    for (let i = 0; i < PHOTO_LIMIT - free; i += 1) position = Math.max(position, (await send(bob, await picture(1000 + i))).position);
    const images = await Promise.all(Array.from({ length: 25 }, (_, i) => picture(2000 + i)));
    const answers = await Promise.all(images.map((bytes) => send(bob, bytes)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(free);
    expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 422 && a.body.message === PHOTO_LIMIT_REACHED)).toBe(true);
    const files = await referenced(bob, Math.max(position, ...answers.map((a) => a.position)));
    expect(files).toHaveLength(2 * PHOTO_LIMIT);
    expect(storedFiles().sort()).toEqual([...aliceFiles, ...files].sort());
  }, 120_000);

  it('deleting a photo while the same photo is uploaded again never leaves a live photo without its files', async () => {
    const carol = new ApiClient(t.url);
    await carol.signUp('carol@example.com', 'G4ABC');
    const bytes = await picture(5000);
    let position = (await send(carol, bytes)).position;
    for (let round = 0; round < 8; round += 1) {
      const listed = await fetch(`${t.url}/api/vphotos`, { method: 'POST', headers: { authorization: `Bearer ${carol.token!}`, 'x-min-position': String(position) } });
      const id = ((await listed.json()) as Photo[])[0]?.id;
      const [deleted, uploaded] = await Promise.all([
        id ? carol.post('/vphotodelete', { id }) : Promise.resolve(null),
        send(carol, bytes),
      ]);
      expect(deleted === null || deleted.status < 500).toBe(true);
      expect(uploaded.status).toBeLessThan(500);
      position = Math.max(position, uploaded.position, Number(deleted?.headers.get('x-log-position') ?? 0));
      const named = await referenced(carol, position);
      for (const file of named) expect(storedFiles(), `round ${round}`).toContain(file);
    }
  }, 60_000);
});
