import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_IDLE_LIFETIME_MS, SessionStore, sessionMigrations } from '../src/auth/session-store';
import { runMigrations } from '../src/postgres/migrations';
import { createPool, type Pool } from '../src/postgres/pool';
import { createTestDatabase, type TestDatabase } from '../src/testing/postgres';

const DAY = 24 * 3_600_000;

describe('SessionStore lifetimes and revocation (PostgreSQL, movable clock)', () => {
  let db: TestDatabase;
  let pool: Pool;
  let at = new Date('2026-01-01T12:00:00Z');
  const move = (ms: number) => (at = new Date(at.getTime() + ms));
  // Each test its own store, so the 5 s cache of another test never answers.
  const store = () => new SessionStore(pool, () => at);

  beforeAll(async () => {
    db = await createTestDatabase('sessions');
    pool = createPool(db.url, 4);
    await runMigrations(pool, 'auth', sessionMigrations);
  });
  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  it('keeps how a session was signed in and its scope', async () => {
    const sessions = store();
    const token = await sessions.create('user-scope', { scope: 'key', signedInBy: 'api_key' });
    expect(await sessions.find(token)).toEqual({ userId: 'user-scope', scope: 'key', signedInBy: 'api_key', createdAt: at });
  });

  it('ends a session unused for the idle lifetime (30 days), and keeps one in use alive', async () => {
    const idle = await store().create('user-idle');
    const used = await store().create('user-idle');
    move(SESSION_IDLE_LIFETIME_MS - DAY);
    expect(await store().find(used)).not.toBeNull();
    move(2 * DAY);
    expect(await store().find(idle)).toBeNull();
    expect(await store().find(used)).not.toBeNull();
  });

  it('ends every session at its absolute lifetime (90 days), however much it is used', async () => {
    const token = await store().create('user-absolute');
    for (let day = 20; day < SESSION_ABSOLUTE_LIFETIME_MS / DAY; day += 20) {
      move(20 * DAY);
      expect(await store().find(token)).not.toBeNull();
    }
    move(SESSION_ABSOLUTE_LIFETIME_MS - 80 * DAY + 1_000);
    expect(await store().find(token)).toBeNull();
  });

  it("revokes the user's other sessions and those opened into its sub-accounts, keeping the caller's", async () => {
    const sessions = store();
    const kept = await sessions.create('main-user');
    const other = await sessions.create('main-user');
    const sub = await sessions.create('sub-user', { scope: 'full', signedInBy: 'sub_account', mainUserId: 'main-user' });
    const stranger = await sessions.create('someone-else');
    for (const token of [kept, other, sub, stranger]) expect(await sessions.find(token)).not.toBeNull();
    expect(await sessions.revokeOthers('main-user', kept)).toBe(2);
    expect(await sessions.find(kept)).not.toBeNull();
    expect(await sessions.find(other)).toBeNull();
    expect(await sessions.find(sub)).toBeNull();
    expect(await sessions.find(stranger)).not.toBeNull();
    expect(await sessions.revokeOthers('main-user', kept)).toBe(0);
  });

  it('tells other processes at once: their cached copies end too', async () => {
    const here = store();
    const there = store();
    await there.listenForRevocations();
    try {
      const kept = await here.create('user-notify');
      const other = await here.create('user-notify');
      expect(await there.find(other)).not.toBeNull();
      await here.revokeOthers('user-notify', kept);
      await expect.poll(() => there.find(other), { timeout: 2_000 }).toBeNull();
      expect(await there.find(kept)).not.toBeNull();
    } finally {
      await there.close();
    }
  });
});
