/**
 * What the post captcha keeps in PostgreSQL (decision 0050), seen from two processes at once (two
 * pools on one database): the sealing key, so a token sealed by one is opened by the other, and
 * the spent tokens, so a token spent on one is spent for both, once, however many try at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_SECRET_NAMES, serverSealer } from '../src/auth/server-secrets';
import { SpentCaptchas } from '../src/auth/spent-captchas';
import { createPool, type Pool } from '../src/postgres/pool';
import { createTestDatabase, type TestDatabase } from '../src/testing/postgres';

describe('post captcha stores (PostgreSQL, two instances)', () => {
  let db: TestDatabase;
  let one: Pool;
  let two: Pool;
  const t0 = new Date('2026-01-01T12:00:00Z');
  const hours = (n: number) => new Date(t0.getTime() + n * 3_600_000);

  beforeAll(async () => {
    db = await createTestDatabase('captcha');
    one = createPool(db.url, 4);
    two = createPool(db.url, 4);
  });
  afterAll(async () => {
    await one?.end();
    await two?.end();
    await db?.drop();
  });

  it('seals so that only the server reads it, and either instance opens what the other sealed', async () => {
    const [a, b] = [serverSealer(one, SERVER_SECRET_NAMES.postCaptcha), serverSealer(two, SERVER_SECRET_NAMES.postCaptcha)];
    const text = '[3,7,"user-1",1767225600000,"id-1"]';
    const sealed = await a.seal(text);
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toContain('user-1');
    expect(await a.seal(text)).not.toBe(sealed);
    expect(await b.open(sealed)).toBe(text);
    // Changed anywhere, cut short, not ours: nothing.
    const bytes = Buffer.from(sealed, 'base64url');
    for (const at of [0, 12, bytes.length - 1]) {
      const changed = Buffer.from(bytes);
      changed[at] = changed[at]! ^ 1;
      expect(await b.open(changed.toString('base64url')), `byte ${at}`).toBeNull();
    }
    for (const other of ['', 'x', sealed.slice(0, 30), `${sealed}!`, await serverSealer(one, SERVER_SECRET_NAMES.exportDownloadLinks).seal(text)]) {
      expect(await b.open(other), other).toBeNull();
    }
  });

  it('spends a token once, whichever instance asks and however many at once, and forgets it once expired', async () => {
    const [a, b] = [new SpentCaptchas(one), new SpentCaptchas(two)];
    const spends = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).spend('token-1', hours(6), t0)));
    expect(spends.filter(Boolean)).toHaveLength(1);
    expect(await a.spend('token-1', hours(6), hours(1))).toBe(false);
    expect(await b.spend('token-2', hours(6), hours(1))).toBe(true);
    // Seven hours on, both have expired and are pruned by the next spend.
    expect(await a.spend('token-3', hours(13), hours(7))).toBe(true);
    const { rows } = await one.query<{ id: string }>('SELECT id FROM spent_post_captchas ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual(['token-3']);
  });
});
