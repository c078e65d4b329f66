/**
 * /vregister may not be used to learn who is registered (issue 20 finding 5): an answer that says
 * an email is taken counts against the address's registration quota (5 an hour, 20 a day), like
 * an account made; a taken callsign, which a public profile shows anyway, and a refused form cost
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TAKEN, MY_CALLSIGN_TAKEN, REGISTRATIONS_PER_ADDRESS, TOO_MANY_REGISTRATIONS } from '@hamlog/domain';
import { postFrom } from './from-address';
import { startTestServer, type Answer, type TestServer } from './server-harness';

type RegisterAnswer = Answer<{ message: string; errors?: Record<string, string[]>; token?: string }>;

const PER_HOUR = REGISTRATIONS_PER_ADDRESS[0]!.max;

describe('registration probes (quota on, embedded runtime)', () => {
  let t: TestServer;
  let n = 0;
  const register = (from: string, over: Record<string, string> = {}) => {
    n += 1;
    return postFrom(t.url, '/vregister', { email: `new-${n}@example.com`, my_callsign: `K${n}PRB`, ...over }, { from }) as Promise<RegisterAnswer>;
  };

  beforeAll(async () => {
    t = await startTestServer({ REGISTRATION_QUOTA: 'on' });
    for (const [i, email] of ['owner-1@example.com', 'owner-2@example.com'].entries()) {
      expect((await register(`127.0.0.${40 + i}`, { email, my_callsign: `W${i + 1}OWN` })).status).toBe(200);
    }
  });
  afterAll(async () => t?.stop());

  it(`asking whether emails are registered: ${PER_HOUR} answers an hour from one address, then 429`, async () => {
    const from = '127.0.0.43';
    const probes: RegisterAnswer[] = [];
    for (let i = 0; i < PER_HOUR; i += 1) probes.push(await register(from, { email: i % 2 ? 'owner-1@example.com' : `guess-${i}@example.com` }));
    // Each probe answered: the taken email is told (a real user learns to sign in instead), and the free one was registered.
    for (const probe of probes) expect(probe.status).toBeOneOf([200, 422]);
    for (const taken of probes.filter((p) => p.status === 422)) expect(taken.body.errors).toEqual({ email: [EMAIL_TAKEN] });
    const next = await register(from, { email: 'owner-2@example.com' });
    expect(next.status).toBe(429);
    expect(next.body).toEqual({ message: TOO_MANY_REGISTRATIONS });
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(next.body.errors).toBeUndefined();
  });

  it('a burst of probes at once gets no further', async () => {
    const from = '127.0.0.44';
    const answers = await Promise.all(Array.from({ length: 20 }, () => register(from, { email: 'owner-1@example.com' })));
    expect(answers.filter((a) => a.status === 422)).toHaveLength(PER_HOUR);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20 - PER_HOUR);
  });

  it('a taken callsign and a refused form cost nothing: the address still registers its accounts', async () => {
    const from = '127.0.0.45';
    for (let i = 0; i < 10; i += 1) {
      const taken = await register(from, { my_callsign: 'W1OWN' });
      expect(taken.status).toBe(422);
      expect(taken.body.errors).toEqual({ my_callsign: [MY_CALLSIGN_TAKEN] });
      expect((await register(from, { email: 'not an email' })).status).toBe(422);
    }
    for (let i = 0; i < PER_HOUR; i += 1) expect((await register(from)).status, `registration ${i + 1}`).toBe(200);
    expect((await register(from)).status).toBe(429);
  });
});
