/**
 * Read-your-writes as a client that is not ours sees it: curl, a script or a companion app sends
 * no x-min-position header and reads right after it writes. Shared by the one-process test and the
 * split tests (command-api and query-api in separate processes).
 */
import { expect, it } from 'vitest';
import { mp3Sample } from '@hamlog/infra/testing/audio-samples';
import type { InboxAnswer } from '@hamlog/domain';
import { createPool } from '@hamlog/infra/postgres/pool';
import { PostgresWritePositions } from '@hamlog/infra/read-your-writes/postgres-write-positions';
import type { TestDatabase } from '@hamlog/infra/testing/postgres';
import { subscribe } from './people-helpers';

/** A log position no read model reaches in a test: a user who "wrote" there finds their reads waiting. */
export const STALLED_POSITION = 1e15;

/** The server under test, once it is up. */
export interface PlainClientServer {
  url: string;
  /** Remembers a write of the user's far beyond the read models, as if their projections had stalled. */
  stallReadsOf(userId: string): Promise<void>;
  /** Gives the user a subscription, as an operator does (direct messages need one). */
  subscribe(userId: string): Promise<void>;
}

/** The production shape (command-api and query-api apart) on `db`, behind the gateway at `url`. */
export function splitShape(db: TestDatabase, url: string): PlainClientServer {
  return {
    url,
    async stallReadsOf(userId) {
      const pool = createPool(db.url, 1);
      try {
        const positions = await PostgresWritePositions.open(pool);
        await positions.remember(userId, STALLED_POSITION);
        await positions.close();
      } finally {
        await pool.end();
      }
    },
    subscribe: async (userId) => void (await subscribe({ db }, userId)),
  };
}

interface Plain {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
  ms: number;
}

type Credentials = { token?: string; apiKey?: string };

/** One call with nothing but the credentials: no x-min-position, no cookies. */
async function plain(base: string, path: string, body?: unknown, who: Credentials = {}, method: 'GET' | 'POST' = 'POST'): Promise<Plain> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (who.token) headers.authorization = `Bearer ${who.token}`;
  if (who.apiKey) headers['x-api-key'] = who.apiKey;
  const started = performance.now();
  const res = await fetch(`${base}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const ms = performance.now() - started;
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: res.headers, ms };
}

let serial = 0;
async function register(base: string, tag: string): Promise<{ token: string; userId: string; callsign: string }> {
  serial += 1;
  const callsign = `R${serial}${tag}`.slice(0, 9).toUpperCase().replace(/[^A-Z0-9]/g, 'X') + 'Z';
  const reg = await plain(base, '/vregister', { email: `${tag}-${serial}-${Date.now()}@example.com`, my_callsign: callsign });
  if (reg.status !== 200) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  return { token: reg.body.token as string, userId: (reg.body.user as { id: string }).id, callsign };
}

async function apiKeyOf(base: string, token: string): Promise<string> {
  const me = await plain(base, '/vuser', undefined, { token }, 'GET');
  return (me.body.user as { api_key: string }).api_key;
}

const qso = (call: string, minutesAgo: number) => ({
  data: { Call: call, TS: new Date(Date.now() - minutesAgo * 60_000 - 60_000).toISOString(), Freq: 14074, Mode: 'FT8' },
});

/** A different, well-formed MP3 for each n (files are named by their content). */
const mp3 = (n: number) => mp3Sample(n + 1);

/** The cases, against the server `server()` answers (called once it is up). */
export function plainClientReadsItsOwnWrites(server: () => PlainClientServer): void {
  const base = () => server().url;

  it('registers and reads its own account at once, ten times out of ten', async () => {
    for (let i = 0; i < 10; i += 1) {
      const { token, callsign } = await register(base(), `reg${i}`);
      const me = await plain(base(), '/vuser', undefined, { token }, 'GET');
      expect(me.status).toBe(200);
      expect(JSON.stringify(me.body)).toContain(callsign);
      expect(me.headers.get('x-read-model-stale')).toBeNull();
    }
  });

  it('counts each QSO right after logging it, then 501 logged in a row', async () => {
    const { token } = await register(base(), 'count');
    for (let i = 1; i <= 20; i += 1) {
      expect((await plain(base(), '/vqso/upsert', qso(`DL${i}ABC`, i), { token })).status).toBe(201);
      expect((await plain(base(), '/vlogbookcount', {}, { token })).body).toEqual({ count: i });
    }
    for (let i = 21; i <= 501; i += 1) await plain(base(), '/vqso/upsert', qso(`G${i}XY`, i), { token });
    expect((await plain(base(), '/vlogbookcount', {}, { token })).body).toEqual({ count: 501 });
  }, 60_000);

  it('reads the new values right after an update', async () => {
    const { token } = await register(base(), 'upd');
    const qdoId = (await plain(base(), '/vqso/upsert', qso('OH2BH', 5), { token })).body.qdo_id as string;
    await expect.poll(async () => (await plain(base(), '/vqso/get', { qdo_id: qdoId }, { token })).status).toBe(200);
    for (let i = 0; i < 10; i += 1) {
      const name = `Martti ${i}`;
      expect((await plain(base(), '/vqso/update', { qdo_id: qdoId, Name: name }, { token })).status).toBe(200);
      expect((await plain(base(), '/vqso/get', { qdo_id: qdoId }, { token })).body).toMatchObject({ Name: name });
    }
  });

  it('sees a rig report sent with the API key when reading with the session', async () => {
    const { token } = await register(base(), 'rig');
    const key = await apiKeyOf(base(), token);
    for (let i = 0; i < 10; i += 1) {
      const hz = 14_070_000 + i * 1_000;
      const sent = await fetch(`${base()}/api/radio`, { method: 'POST', body: JSON.stringify({ key, radio: 'IC-7300', frequency: String(hz), mode: 'USB' }) });
      expect(sent.status).toBe(200);
      expect((await plain(base(), '/vrigcontrol/get', {}, { token })).body).toMatchObject({ freq: hz / 1000, rig_name: 'IC-7300' });
    }
  });

  it('sees a recording attached with the API key when reading with the session', async () => {
    const { token } = await register(base(), 'att');
    const key = await apiKeyOf(base(), token);
    const qdoId = (await plain(base(), '/vqso/upsert', qso('VK2ABC', 3), { token })).body.qdo_id as string;
    for (let i = 1; i <= 10; i += 1) {
      const sent = await fetch(`${base()}/api/qso/${qdoId}/recordings`, { method: 'POST', headers: { 'x-api-key': key }, body: mp3(i) });
      expect(sent.status).toBe(201);
      expect((await plain(base(), '/vqso/get', { qdo_id: qdoId }, { token })).body.mp3s).toHaveLength(i);
    }
  });

  it('reads with the API key what the session wrote', async () => {
    const { token } = await register(base(), 'key');
    const apiKey = await apiKeyOf(base(), token);
    for (let i = 0; i < 10; i += 1) {
      const qdoId = (await plain(base(), '/vqso/upsert', qso(`JA${i}XYZ`, i), { token })).body.qdo_id as string;
      expect((await plain(base(), '/vgetFullQso', { qdo_id: qdoId }, { apiKey })).status).toBe(200);
    }
  });

  it('switches into a new sub-account and reads it at once; its writes are its own', async () => {
    const main = await register(base(), 'main');
    for (let i = 0; i < 5; i += 1) {
      const added = await plain(base(), '/vaddsubaccount', { callsign: `${main.callsign}/${i}` }, main);
      const sub = (added.body.user as { sub_accounts: { id: string; callsign: string }[] }).sub_accounts.find((s) => s.callsign === `${main.callsign}/${i}`);
      const switched = await plain(base(), '/vLoginToSubaccount', { sub_account_id: sub?.id }, main);
      const token = switched.body.token as string;
      expect((await plain(base(), '/vuser', undefined, { token }, 'GET')).body.user).toMatchObject({ my_callsign: `${main.callsign}/${i}` });
      expect((await plain(base(), '/vqso/upsert', qso('EA8XYZ', 1), { token })).status).toBe(201);
      expect((await plain(base(), '/vlogbookcount', {}, { token })).body).toEqual({ count: 1 });
    }
    expect((await plain(base(), '/vlogbookcount', {}, main)).body).toEqual({ count: 0 });
  });

  it('opens the inbox twice in a row: what the first look marked read is read on the second', async () => {
    const [reader, sender] = [await register(base(), 'inbox'), await register(base(), 'sender')];
    await server().subscribe(sender.userId);
    for (let round = 1; round <= 5; round += 1) {
      for (const n of [1, 2]) {
        const sent = await plain(base(), '/vsendmessage', { message: `Round ${round}, message ${n}, 73`, recipient_id: reader.userId }, sender);
        expect(sent.status).toBe(201);
      }
      // Another user's messages arrive when they arrive (eventually consistent).
      await expect.poll(async () => (await plain(base(), '/vsr', {}, reader)).body.notification_count).toBe(2);
      const first = (await plain(base(), '/vinbox', {}, reader)).body as unknown as InboxAnswer;
      expect(first.notifications).toHaveLength(2);
      const second = (await plain(base(), '/vinbox', {}, reader)).body as unknown as InboxAnswer;
      expect(second.notifications).toEqual([]);
      expect(second.OldNotifications).toHaveLength(2 * round);
      expect((await plain(base(), '/vsr', {}, reader)).body.notification_count).toBe(0);
    }
  });

  it("never makes other users' reads wait for a user's writes, and bounds that user's own wait", async () => {
    const [stalled, other] = [await register(base(), 'stall'), await register(base(), 'other')];
    await plain(base(), '/vqso/upsert', qso('ZL1ABC', 2), stalled);
    // Their own read waits until every read model below has their account and QSO; then they stall.
    expect((await plain(base(), `/vprofilefor?callsign=${stalled.callsign}`, undefined, stalled, 'GET')).status).toBe(200);
    await server().stallReadsOf(stalled.userId);
    const reads = [
      plain(base(), '/vuser', undefined, other, 'GET'),
      plain(base(), '/vlogbookcount', {}, other),
      plain(base(), `/vprofilefor?callsign=${stalled.callsign}`, undefined, other, 'GET'),
      plain(base(), `/vprofilefor?callsign=${stalled.callsign}`, undefined, {}, 'GET'),
      plain(base(), `/vlogbar/ZL1ABC`, {}, other),
    ];
    for (const read of await Promise.all(reads)) {
      expect(read.status).toBe(200);
      expect(read.headers.get('x-read-model-stale')).toBeNull();
      expect(read.ms).toBeLessThan(1_000);
    }
    const own = await plain(base(), '/vlogbookcount', {}, stalled);
    expect(own.body).toEqual({ count: 1 });
    expect(own.headers.get('x-read-model-stale')).toBe('1');
    expect(own.ms).toBeGreaterThanOrEqual(2_900);
    expect(own.ms).toBeLessThan(5_000);
  });
}
