import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILED } from '@hamlog/domain';
import { createPool } from '@hamlog/infra/postgres/pool';
import { ApiClient, startTestServer, startWithAliceAndBob, TEST_METRICS_TOKEN, type TestServer } from './server-harness';

interface LogbookBody {
  logbook: { qdo_id: string; Call: string; Freq: number; TS: string; Band: string; Mode: string; SubMode: string; dxcc: number; country: string; Name: string; Comment: string }[];
  total: number;
}

const qso = (over: Record<string, unknown> = {}) => ({
  data: { Call: 'dl1abc', TS: '2025-01-01T12:00:30Z', Freq: 14074.123, Mode: 'FT8', SNT: '-10', RCV: '-12', Name: 'Hans', Comment: 'first', ...over },
});

describe('the first journey through the API (embedded runtime, real PostgreSQL)', () => {
  let t: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;

  beforeAll(async () => {
    ({ t, alice, bob } = await startWithAliceAndBob('w1aw'));
  });
  afterAll(async () => t?.stop());

  it('registers with field errors for bad or taken input, writing nothing', async () => {
    const anon = new ApiClient(t.url);
    const bad = await anon.post<{ errors: Record<string, string[]> }>('/vregister', { email: 'nope', my_callsign: 'X' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.email?.[0]).toBe('Please enter a valid email address, like name@example.com.');
    expect(bad.body.errors.my_callsign?.[0]).toBe('A callsign has 3 to 20 characters.');
    const taken = await anon.post<{ errors: Record<string, string[]> }>('/vregister', { email: 'ALICE@example.com ', my_callsign: 'W1AW' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email?.[0]).toBe('That email address is already registered. Log in instead, or use a one-time PIN if you forgot your password.');
    expect(taken.body.errors.my_callsign?.[0]).toBe('That callsign is already registered. If it is yours, you can claim it.');
  });

  it('answers /vuser with the new user, callsign upper-cased', async () => {
    const me = await alice.call<{ user: { my_callsign: string; email: string; has_password: boolean } }>('GET', '/vuser');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ my_callsign: 'W1AW', email: 'alice@example.com', has_password: true });
  });

  it('logs in with the password and refuses a wrong one with the specification text', async () => {
    const anon = new ApiClient(t.url);
    const wrong = await anon.post('/vlogin', { email: 'alice@example.com', password: 'wrong password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(LOGIN_FAILED);
    const ok = await anon.post<{ token: string; user: { my_callsign: string }; subscription: unknown }>('/vlogin', { email: 'Alice@Example.com', password: 'correct horse battery' });
    expect(ok.status).toBe(200);
    expect(ok.body.user.my_callsign).toBe('W1AW');
    expect(ok.body.token).toEqual(expect.any(String));
    expect(ok.body.subscription).toBeDefined();
  });

  it('logs a QSO and the writer reads it at once, frequency exact, entity and band derived', async () => {
    const logged = await alice.post<{ qdo_id: string; duplicate: boolean }>('/vqso/upsert', qso());
    expect(logged.status).toBe(201);
    expect(logged.body.duplicate).toBe(false);
    expect(Number(logged.headers.get('x-log-position'))).toBeGreaterThan(0);
    const book = await alice.post<LogbookBody>('/vlogbook', { page: 1, size: 500 });
    expect(book.status).toBe(200);
    expect(book.body.total).toBe(1);
    expect(book.body.logbook[0]).toMatchObject({
      qdo_id: logged.body.qdo_id, Call: 'DL1ABC', Freq: 14074.123, Band: '20m', Mode: 'FT8', dxcc: 230, TS: '2025-01-01T12:00:30Z',
    });
    const count = await alice.post<{ count: number }>('/vlogbookcount');
    expect(count.body.count).toBe(1);
  });

  it('accepts the usual ISO 8601 forms of TS as UTC', async () => {
    const a = await alice.post<{ qdo_id: string }>('/vqso/upsert', qso({ Call: 'G3XYZ', TS: '2025-02-03 04:05:06' }));
    expect(a.status).toBe(201);
    const got = await alice.post<{ TS: string }>('/vqso/get', { qdo_id: a.body.qdo_id });
    expect(got.body.TS).toBe('2025-02-03T04:05:06Z');
  });

  it('makes one QSO of a resend and of identical upserts arriving at the same moment', async () => {
    const first = await alice.post<{ qdo_id: string }>('/vqso/upsert', qso({ Call: 'JA1XYZ', TS: '2025-01-02T10:00:05Z' }));
    const resend = await alice.post<{ qdo_id: string; duplicate: boolean }>('/vqso/upsert', qso({ Call: 'JA1XYZ', TS: '2025-01-02T10:00:05Z' }));
    expect(resend.body).toEqual({ qdo_id: first.body.qdo_id, duplicate: true });
    const burst = await Promise.all(Array.from({ length: 12 }, () => alice.post<{ qdo_id: string }>('/vqso/upsert', qso({ Call: 'VK2ABC', TS: '2025-01-03T08:08:08Z' }))));
    expect(new Set(burst.map((b) => b.body.qdo_id)).size).toBe(1);
    expect(burst.every((b) => b.status === 200 || b.status === 201)).toBe(true);
    const book = await alice.post<LogbookBody>('/vlogbook', { page: 1, size: 500 });
    expect(book.body.logbook.filter((q) => q.Call === 'VK2ABC')).toHaveLength(1);
    expect(book.body.logbook.filter((q) => q.Call === 'JA1XYZ')).toHaveLength(1);
  });

  it('refuses bad input with a 4xx and a clear message, writing nothing', async () => {
    const before = (await alice.post<{ count: number }>('/vlogbookcount')).body.count;
    const cases = [qso({ Call: 'X' }), qso({ Freq: 'abc' }), qso({ TS: 'yesterday' }), qso({ Mode: 'NOPE' }), { data: 'x' }, qso({ Name: 'n'.repeat(101) })];
    for (const body of cases) {
      const res = await alice.post('/vqso/upsert', body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(String(res.body.message)).not.toBe('');
    }
    const raw = await fetch(`${t.url}/api/vqso/upsert`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${alice.token}` }, body: '{not json' });
    expect(raw.status).toBe(400);
    expect((await alice.post<{ count: number }>('/vlogbookcount')).body.count).toBe(before);
  });

  it('edits and deletes, and never lets another user read or change the QSO', async () => {
    const logged = await alice.post<{ qdo_id: string }>('/vqso/upsert', qso({ Call: 'ON4UN', TS: '2025-01-04T09:09:09Z' }));
    const id = logged.body.qdo_id;
    for (const path of ['/vqso/get', '/vqso/update', '/vqso/nuke']) {
      const res = await bob.post(path, { qdo_id: id, Call: 'HACKED', Comment: 'mine now' });
      expect(res.status, path).toBe(404);
    }
    const anon = new ApiClient(t.url);
    expect((await anon.post('/vqso/update', { qdo_id: id, Comment: 'x' })).status).toBe(401);

    const upd = await alice.post('/vqso/update', { qdo_id: id, Comment: 'great signal', Name: 'John' });
    expect(upd.status).toBe(200);
    const got = await alice.post<{ Call: string; Comment: string; Name: string; dxcc: number }>('/vqso/get', { qdo_id: id });
    expect(got.body).toMatchObject({ Call: 'ON4UN', Comment: 'great signal', Name: 'John', dxcc: 209 });

    const before = (await alice.post<{ count: number }>('/vlogbookcount')).body.count;
    expect((await alice.post('/vqso/nuke', { qdo_id: id })).status).toBe(200);
    expect((await alice.post('/vqso/nuke', { qdo_id: id })).status).toBe(200);
    expect((await alice.post('/vqso/get', { qdo_id: id })).status).toBe(404);
    expect((await alice.post<{ count: number }>('/vlogbookcount')).body.count).toBe(before - 1);
    expect((await bob.post<{ count: number }>('/vlogbookcount')).body.count).toBe(0);
  });

  it('shows a QSO publicly through /vgetFullQso', async () => {
    const logged = await alice.post<{ qdo_id: string }>('/vqso/upsert', qso({ Call: 'EA8AB', TS: '2025-01-05T09:09:09Z' }));
    await alice.post('/vlogbookcount');
    const anon = new ApiClient(t.url);
    const page = await anon.post<{ qso: { Call: string; station_callsign: string } }>('/vgetFullQso', { qdo_id: logged.body.qdo_id });
    expect(page.status).toBe(200);
    expect(page.body.qso).toMatchObject({ Call: 'EA8AB', station_callsign: 'W1AW' });
  });

  it('revokes the token on logout', async () => {
    const c = new ApiClient(t.url);
    const login = await c.post<{ token: string }>('/vlogin', { email: 'bob@example.com', password: 'correct horse battery' });
    c.token = login.body.token;
    expect((await c.call('GET', '/vuser')).status).toBe(200);
    expect((await c.post('/vlogout')).status).toBe(200);
    expect((await c.call('GET', '/vuser')).status).toBe(401);
  });

  it('records who and which request caused each event', async () => {
    const res = await fetch(`${t.url}/api/vqso/upsert`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${alice.token}`, 'x-request-id': 'req-7373' },
      body: JSON.stringify(qso({ Call: 'ZL2AB', TS: '2025-01-06T01:02:03Z' })),
    });
    expect(res.headers.get('x-request-id')).toBe('req-7373');
    const { qdo_id: id } = (await res.json()) as { qdo_id: string };
    const pool = createPool(t.db.url, 1);
    const { rows } = await pool.query<{ metadata: Record<string, unknown> }>('SELECT metadata FROM es_events WHERE stream_id = $1', [`qso-${id}`]);
    await pool.end();
    expect(rows[0]?.metadata).toMatchObject({ correlationId: 'req-7373', stationCallsign: 'W1AW', userId: expect.any(String) });
  });

  it('serves health, readiness and Prometheus metrics with projector lag', async () => {
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${t.url}/readyz`)).status).toBe(200);
    const text = await (await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } })).text();
    expect(text).toMatch(/projection_lag_events\{projection="logbook"\} \d+/);
    expect(text).toMatch(/projection_lag_events\{projection="users"\} \d+/);
  });

  it('counts QSOs per station for the last-60-minutes board', async () => {
    const now = new Date();
    const recent = new Date(now.getTime() - 5 * 60_000).toISOString();
    await bob.post('/vqso/upsert', qso({ Call: 'F5ABC', TS: recent }));
    await bob.post('/vqso/upsert', qso({ Call: 'F5ABD', TS: recent }));
    const deadline = Date.now() + 5_000;
    let board: { station_callsign: string; count: number }[] = [];
    while (Date.now() < deadline) {
      board = (await bob.call<{ lb_last_60_minutes: typeof board }>('GET', '/vleaderboards')).body.lb_last_60_minutes;
      if (board.some((b) => b.station_callsign === 'K1JT' && b.count === 2)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(board).toContainEqual({ station_callsign: 'K1JT', count: 2 });
  });
});

describe('login guessing', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
    await new ApiClient(t.url).signUp('target@example.com', 'G4TGT');
  });
  afterAll(async () => t?.stop());

  it('refuses further tries for an account after 10 failures, even with the right password', async () => {
    const c = new ApiClient(t.url);
    for (let i = 0; i < 10; i += 1) {
      expect((await c.post('/vlogin', { email: 'target@example.com', password: `guess-${i}` })).status).toBe(401);
    }
    const blocked = await c.post('/vlogin', { email: 'target@example.com', password: 'correct horse battery' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.message).toMatch(/Too many failed logins/);
  }, 60_000);
});

describe('login timing', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
    await new ApiClient(t.url).signUp('known@example.com', 'G4KNO');
  });
  afterAll(async () => t?.stop());

  it('spends a password hash on an unknown email too, so timing does not reveal accounts', async () => {
    const c = new ApiClient(t.url);
    const time = async (email: string) => {
      const started = performance.now();
      expect((await c.post('/vlogin', { email, password: 'not the password' })).status).toBe(401);
      return performance.now() - started;
    };
    const known = Math.min(await time('known@example.com'), await time('known@example.com'));
    const unknown = Math.min(await time('nobody@example.com'), await time('nobody2@example.com'));
    // argon2id at 19 MiB takes several ms; a skipped hash answers in about 1 ms.
    expect(unknown).toBeGreaterThan(known / 3);
  }, 60_000);
});
