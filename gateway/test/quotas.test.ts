/**
 * Quotas (decision 0023): registrations per client address (5 an hour, 20 a day) and
 * sub-accounts per account (10), each answered with a message written for people.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SUB_ACCOUNTS, REGISTRATIONS_PER_ADDRESS, subAccountLimitReached, TOO_MANY_REGISTRATIONS } from '@hamlog/domain';
import { ApiClient, startTestServer, type TestServer } from './server-harness';

const HOUR_MS = 60 * 60_000;

describe('quotas (embedded runtime, real PostgreSQL)', () => {
  let t: TestServer;
  let offsetMs = 0;
  let n = 0;
  const register = (over: Record<string, string> = {}) => {
    n += 1;
    return new ApiClient(t.url).post('/vregister', { email: `station-${n}@example.com`, my_callsign: `K${n}QTA`, ...over });
  };

  beforeAll(async () => {
    t = await startTestServer({ REGISTRATION_QUOTA: 'on' }, { now: () => new Date(Date.now() + offsetMs) });
  });
  afterAll(async () => t?.stop());

  it('the rule: 5 an hour and 20 a day per address, 10 sub-accounts', () => {
    expect(REGISTRATIONS_PER_ADDRESS).toEqual([{ max: 5, windowMs: HOUR_MS }, { max: 20, windowMs: 24 * HOUR_MS }]);
    expect(MAX_SUB_ACCOUNTS).toBe(10);
  });

  it('registrations from one address: refused ones do not count, the 6th in an hour waits, concurrent ones cannot slip past', async () => {
    expect((await register({ email: 'not an email' })).status).toBe(422);
    expect((await register({ email: 'first@example.com' })).status).toBe(200);
    // A taken callsign costs nothing either (a taken email does: gateway/test/registration-probes.test.ts).
    expect((await register({ my_callsign: 'K2QTA' })).status).toBe(422);
    // Four more at once: exactly the quota's four are made, the rest wait.
    const burst = await Promise.all(Array.from({ length: 8 }, () => register()));
    expect(burst.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
    const refused = await register();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: TOO_MANY_REGISTRATIONS });
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
  }, 60_000);

  it('an hour later five more, up to 20 in a day; then the limit of the day holds until it has passed', async () => {
    for (let hour = 1; hour <= 3; hour += 1) {
      offsetMs = hour * HOUR_MS + 60_000;
      for (let i = 0; i < 5; i += 1) expect((await register()).status, `hour ${hour}, registration ${i + 1}`).toBe(200);
      expect((await register()).status).toBe(429);
    }
    offsetMs = 5 * HOUR_MS;
    const day = await register();
    expect(day.status).toBe(429);
    expect(Number(day.headers.get('retry-after'))).toBeGreaterThan(3600);
    offsetMs = 25 * HOUR_MS;
    expect((await register()).status).toBe(200);
  }, 60_000);

  it(`an account has at most ${MAX_SUB_ACCOUNTS} sub-accounts`, async () => {
    const owner = new ApiClient(t.url);
    // A fresh day for the address (the registrations above are a day old).
    offsetMs = 50 * HOUR_MS;
    await owner.signUp('club@example.com', 'W1CLB');
    for (let i = 0; i < MAX_SUB_ACCOUNTS; i += 1) {
      const added = await owner.post('/vaddsubaccount', { callsign: `W1CLB/${i}` });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
    const refused = await owner.post('/vaddsubaccount', { callsign: 'W1CLB/P' });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message: subAccountLimitReached(MAX_SUB_ACCOUNTS), errors: { callsign: [subAccountLimitReached(MAX_SUB_ACCOUNTS)] } });
    const me = await owner.call<{ user: { sub_accounts: unknown[] } }>('GET', '/vuser');
    expect(me.body.user.sub_accounts).toHaveLength(MAX_SUB_ACCOUNTS);
  }, 60_000);
});
