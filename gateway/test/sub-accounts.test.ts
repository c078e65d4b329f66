import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeSubscription } from '@hamlog/command-api';
import { SUB_ACCOUNT_ALREADY_ADDED, SUB_ACCOUNT_CANNOT_ADD, SUB_ACCOUNT_CALLSIGN_REGISTERED, SUB_ACCOUNT_OWN_CALLSIGN } from '@hamlog/domain';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { createPool } from '@hamlog/infra/postgres/pool';
import { readMailbox } from './mailbox';
import { ApiClient, startWithAliceAndBob, type TestServer } from './server-harness';

interface SubUser {
  id: string;
  my_callsign: string;
  email: string;
  managed_by_id: string | null;
  managed_by_callsign: string | null;
  main_account: string | null;
  subscribed: boolean;
  paid_subscription: number;
  sub_accounts: { id: string; callsign: string; name: string; profile_image_name: string }[];
}

/** Resends with the same x-request-id, as a client retrying after a lost answer does. */
async function postWithRequestId(t: TestServer, token: string, path: string, body: unknown, requestId: string) {
  const res = await fetch(`${t.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-request-id': requestId },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { user: SubUser; message?: string } };
}

describe('sub-accounts (embedded runtime, real PostgreSQL)', () => {
  let t: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let aliceId: string;

  beforeAll(async () => {
    ({ t, alice, bob, aliceId } = await startWithAliceAndBob());
  });
  afterAll(async () => t?.stop());

  it('adds a sub-account: a managed account of its own, answered as the main user with its sub_accounts', async () => {
    const res = await alice.post<{ user: SubUser }>('/vaddsubaccount', { callsign: ' w1aw/p ' });
    expect(res.status).toBe(200);
    expect(res.body.user.my_callsign).toBe('W1AW');
    expect(res.body.user.sub_accounts).toEqual([{ id: expect.any(String), callsign: 'W1AW/P', name: '', profile_image_name: 'missing.JPG' }]);
    const me = await alice.call<{ user: SubUser }>('GET', '/vuser');
    expect(me.body.user.sub_accounts.map((s) => s.callsign)).toEqual(['W1AW/P']);
    expect(me.body.user.managed_by_id).toBeNull();
  });

  it('refuses the specification’s cases with its messages, writing nothing', async () => {
    const cases: [string, number, string][] = [
      ['K1A', 422, 'Please enter a valid callsign'],
      ['K1ABCDEFGHI', 422, 'Please enter a valid callsign'],
      ['', 422, 'Please enter a valid callsign'],
      ['w1aw', 422, SUB_ACCOUNT_OWN_CALLSIGN],
      ['W1AW/P', 422, SUB_ACCOUNT_ALREADY_ADDED],
      ['k1jt', 409, SUB_ACCOUNT_CALLSIGN_REGISTERED],
    ];
    for (const [callsign, status, message] of cases) {
      const res = await alice.post('/vaddsubaccount', { callsign });
      expect(res.status, callsign).toBe(status);
      expect(res.body.message, callsign).toBe(message);
    }
    expect((await new ApiClient(t.url).post('/vaddsubaccount', { callsign: 'N1MM' })).status).toBe(401);
    expect((await alice.call<{ user: SubUser }>('GET', '/vuser')).body.user.sub_accounts).toHaveLength(1);
  });

  it('answers a resend of the same add (same x-request-id) as the first, with one account', async () => {
    const token = alice.token ?? '';
    const first = await postWithRequestId(t, token, '/vaddsubaccount', { callsign: 'W1AW/M' }, 'add-w1aw-m-1');
    const resend = await postWithRequestId(t, token, '/vaddsubaccount', { callsign: 'W1AW/M' }, 'add-w1aw-m-1');
    expect(first.status).toBe(200);
    expect(resend.status).toBe(200);
    expect(resend.body.user.sub_accounts).toEqual(first.body.user.sub_accounts);
    const other = await postWithRequestId(t, token, '/vaddsubaccount', { callsign: 'W1AW/M' }, 'add-w1aw-m-2');
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(SUB_ACCOUNT_ALREADY_ADDED);
  });

  it('makes one account of simultaneous adds of the same callsign', async () => {
    const burst = await Promise.all(Array.from({ length: 6 }, () => alice.post('/vaddsubaccount', { callsign: 'W1AW/MM' })));
    expect(burst.filter((b) => b.status === 200)).toHaveLength(1);
    expect(burst.every((b) => b.status === 200 || b.status === 422)).toBe(true);
    const pool = createPool(t.db.url, 1);
    // The read model follows the log: wait for it, then it must hold the one account.
    await expect
      .poll(async () => (await pool.query("SELECT id FROM rm_users WHERE my_callsign = 'W1AW/MM'")).rows.length, { timeout: 5_000 })
      .toBe(1);
    const events = await pool.query("SELECT count(*)::int AS n FROM es_events WHERE type = 'ManagedAccountCreated' AND data->>'callsign' = 'W1AW/MM'");
    await pool.end();
    expect(events.rows[0].n).toBe(1);
  });

  it('switches into a sub-account only for its main account; the sub-account session cannot switch further', async () => {
    const me = await alice.call<{ user: SubUser }>('GET', '/vuser');
    const portable = me.body.user.sub_accounts.find((s) => s.callsign === 'W1AW/P');
    const mobile = me.body.user.sub_accounts.find((s) => s.callsign === 'W1AW/M');
    if (!portable || !mobile) throw new Error('sub-accounts missing');

    expect((await bob.post('/vLoginToSubaccount', { sub_account_id: portable.id })).status).toBe(404);
    expect((await alice.post('/vLoginToSubaccount', { sub_account_id: 'not-an-id' })).status).toBe(404);
    expect((await alice.post('/vLoginToSubaccount', { sub_account_id: aliceId })).status).toBe(404);
    expect((await alice.post('/vLoginToSubaccount', {})).status).toBe(422);

    const switched = await alice.post<{ token: string; user: SubUser; subscription: unknown }>('/vLoginToSubaccount', { sub_account_id: portable.id });
    expect(switched.status).toBe(200);
    expect(switched.body.user).toMatchObject({
      id: portable.id,
      my_callsign: 'W1AW/P',
      email: '',
      managed_by_id: aliceId,
      managed_by_callsign: 'W1AW',
      main_account: 'W1AW',
      sub_accounts: [],
    });
    expect(switched.body.subscription).toEqual({ level: 'free', expiryDate: null });

    const sub = new ApiClient(t.url);
    sub.token = switched.body.token;
    expect((await sub.call<{ user: SubUser }>('GET', '/vuser')).body.user.my_callsign).toBe('W1AW/P');
    const add = await sub.post('/vaddsubaccount', { callsign: 'N1MM' });
    expect(add.status).toBe(403);
    expect(add.body.message).toBe(SUB_ACCOUNT_CANNOT_ADD);
    expect((await sub.post('/vLoginToSubaccount', { sub_account_id: mobile.id })).status).toBe(404);
    expect((await sub.post('/vLoginToSubaccount', { sub_account_id: portable.id })).status).toBe(404);

    // It is a real account: its QSOs are logged under its own callsign.
    const logged = await sub.post<{ qdo_id: string }>('/vqso/upsert', { data: { Call: 'DL1ABC', TS: '2025-01-01T12:00:00Z', Freq: 14074, Mode: 'FT8' } });
    expect(logged.status).toBe(201);
    const got = await sub.post<{ station_callsign: string }>('/vqso/get', { qdo_id: logged.body.qdo_id });
    expect(got.body.station_callsign).toBe('W1AW/P');
  });

  it('keeps the sub-account’s callsign taken for registration, and sends no PIN for it', async () => {
    const reg = await new ApiClient(t.url).post<{ errors: Record<string, string[]> }>('/vregister', { email: 'thief@example.com', my_callsign: 'W1AW/P' });
    expect(reg.status).toBe(422);
    expect(reg.body.errors.my_callsign?.[0]).toBe('That callsign is already registered. If it is yours, you can claim it.');
    const before = (await readMailbox(t.dataDir)).length;
    expect((await new ApiClient(t.url).post('/vsendpin', { callsign: 'W1AW/P' })).status).toBe(200);
    expect((await readMailbox(t.dataDir)).length).toBe(before);
  });

  it('shares the main account’s subscription with its sub-accounts, never as paying', async () => {
    const store = await PostgresEventStore.connect(t.db.url, { poolSize: 2 });
    try {
      await changeSubscription(store, { callsign: 'W1AW', level: 'premium', expiry: '2099-12-31', paid: true });
    } finally {
      await store.close();
    }
    const me = await alice.call<{ user: SubUser }>('GET', '/vuser');
    const portable = me.body.user.sub_accounts.find((s) => s.callsign === 'W1AW/P');
    const switched = await alice.post<{ token: string; user: SubUser; subscription: unknown }>('/vLoginToSubaccount', { sub_account_id: portable?.id });
    expect(switched.body.subscription).toEqual({ level: 'premium', expiryDate: '2099-12-31T23:59:59Z' });
    expect(switched.body.user).toMatchObject({ subscribed: true, paid_subscription: 0 });
    const sub = new ApiClient(t.url);
    sub.token = switched.body.token;
    const deadline = Date.now() + 5_000;
    let seen: SubUser | undefined;
    while (Date.now() < deadline) {
      seen = (await sub.call<{ user: SubUser }>('GET', '/vuser')).body.user;
      if (seen.subscribed) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen).toMatchObject({ subscribed: true, paid_subscription: 0 });
  });
});
