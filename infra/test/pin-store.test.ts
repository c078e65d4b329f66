import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CredentialStore } from '../src/auth/credential-store';
import { openAccountStores } from '../src/auth/account-stores';
import { PIN_DIGITS, PIN_MAX_WRONG_GUESSES, PinStore } from '../src/auth/pin-store';
import { readConfig } from '../src/config/config';
import { createLogger } from '../src/observability/logger';
import { createPool, type Pool } from '../src/postgres/pool';
import { createTestDatabase, type TestDatabase } from '../src/testing/postgres';

describe('PinStore and CredentialStore (PostgreSQL)', () => {
  let db: TestDatabase;
  let pool: Pool;
  let pins: PinStore;
  let credentials: CredentialStore;
  const t0 = new Date('2025-01-01T12:00:00Z');
  const later = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

  beforeAll(async () => {
    db = await createTestDatabase('pins');
    pool = createPool(db.url, 4);
    ({ pins, credentials } = await openAccountStores(pool, readConfig({ DATA_DIR: '/tmp/hamlog-unused' }), createLogger('test')));
  });
  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  it('issues random PINs of fixed length and keeps only a hash', async () => {
    const a = await pins.issue('user-a', t0);
    const b = await pins.issue('user-b', t0);
    expect(a).toMatch(new RegExp(`^\\d{${PIN_DIGITS}}$`));
    expect(b).toMatch(/^\d+$/);
    const { rows } = await pool.query<{ pin_hash: string }>('SELECT pin_hash FROM auth_pins');
    expect(rows).toHaveLength(2);
    for (const row of rows) expect([a, b]).not.toContain(row.pin_hash);
    expect(JSON.stringify(rows)).not.toContain(a);
  });

  it('accepts a PIN once', async () => {
    const pin = await pins.issue('user-c', t0);
    expect(await pins.consume('user-c', '00000000' === pin ? '11111111' : '00000000', later(1))).toBe(false);
    expect(await pins.consume('user-c', pin, later(1))).toBe(true);
    expect(await pins.consume('user-c', pin, later(1))).toBe(false);
  });

  it('accepts only the latest PIN', async () => {
    const old = await pins.issue('user-d', t0);
    const fresh = await pins.issue('user-d', later(1));
    if (old !== fresh) expect(await pins.consume('user-d', old, later(2))).toBe(false);
    expect(await pins.consume('user-d', fresh, later(2))).toBe(true);
  });

  it('does not accept a PIN of another user', async () => {
    const pin = await pins.issue('user-e', t0);
    await pins.issue('user-f', t0);
    expect(await pins.consume('user-f', pin, later(1))).toBe(false);
  });

  it('expires a PIN after 15 minutes', async () => {
    const pin = await pins.issue('user-g', t0);
    expect(await pins.consume('user-g', pin, later(15))).toBe(false);
    const again = await pins.issue('user-g', t0);
    expect(await pins.consume('user-g', again, later(14.9))).toBe(true);
  });

  it('lets only one of two simultaneous uses of a PIN win', async () => {
    const pin = await pins.issue('user-h', t0);
    const results = await Promise.all(Array.from({ length: 6 }, () => pins.consume('user-h', pin, later(1))));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('ends a PIN after 5 wrong guesses at it, and a new PIN starts afresh', async () => {
    const pin = await pins.issue('user-i', t0);
    const wrong = pin === '00000000' ? '00000001' : '00000000';
    for (let i = 0; i < PIN_MAX_WRONG_GUESSES; i += 1) expect(await pins.consume('user-i', wrong, later(1))).toBe(false);
    expect(await pins.consume('user-i', pin, later(1))).toBe(false);
    const fresh = await pins.issue('user-i', later(2));
    for (let i = 0; i < PIN_MAX_WRONG_GUESSES - 1; i += 1) await pins.consume('user-i', fresh === wrong ? pin : wrong, later(2));
    expect(await pins.consume('user-i', fresh, later(2))).toBe(true);
  });

  it('stores, replaces and deletes a third-party password', async () => {
    expect(await credentials.get('user-a', 'clublog')).toBeNull();
    await credentials.set('user-a', 'clublog', 'first');
    await credentials.set('user-a', 'clublog', 'second');
    expect(await credentials.get('user-a', 'clublog')).toBe('second');
    await credentials.delete('user-a', 'clublog');
    expect(await credentials.get('user-a', 'clublog')).toBeNull();
  });
});
