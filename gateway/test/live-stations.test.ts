/**
 * The live station state end to end: a companion app's rig report (POST /api/radio) becomes a
 * RigReported event, goes through the station-events stream to the live-state consumer, lands in
 * live_stations, is pushed as a public-rig-data message on the fan-out and is read by the public
 * home-page calls GET /api/ActiveUserList and GET /api/logged_in_users_not_in_rig_control.
 */
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_RIG_CHANNEL, rigStreamName, type FeedUserCard, type FeedUsersAnswer, type PublicRigDataMessage } from '@hamlog/domain';
import { readConfig } from '@hamlog/infra/config/config';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { InProcessFanOut } from '@hamlog/infra/jobs/in-process-jobs';
import type { FanOut } from '@hamlog/infra/ports/jobs';
import type { ConsumedMessage } from '@hamlog/infra/ports/message-stream';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { openFanOut } from '@hamlog/infra/runtime/adapters';
import { readPosition } from '@hamlog/infra/stream/stream-positions';
import { LIVE_STATIONS_CONSUMER, liveStations, toStationMessage } from '@hamlog/stream';
import { ApiClient, startWithAliceAndBob, type TestServer } from './server-harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks until `found` holds (the live state is built asynchronously), at most `timeoutMs`. */
async function until<T>(ask: () => Promise<T>, found: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await ask();
  while (!found(value) && Date.now() < deadline) {
    await sleep(50);
    value = await ask();
  }
  return value;
}

/** Every public-rig-data message a fan-out delivers, parsed. */
async function listen(fanOut: FanOut): Promise<{ messages: PublicRigDataMessage[]; stop: () => Promise<void> }> {
  const messages: PublicRigDataMessage[] = [];
  const stop = await fanOut.subscribe(LIVE_RIG_CHANNEL, (text) => messages.push(JSON.parse(text) as PublicRigDataMessage));
  return { messages, stop };
}

const apiKeyOf = async (client: ApiClient) => (await client.call<{ user: { api_key: string } }>('GET', '/vuser')).body.user.api_key;
const activeUsers = (client: ApiClient) => client.call<FeedUsersAnswer>('GET', '/ActiveUserList');
const onlineWithoutRig = (client: ApiClient) => client.call<FeedUsersAnswer>('GET', '/logged_in_users_not_in_rig_control');
const cardOf = (answer: { body: FeedUsersAnswer }, id: string): FeedUserCard | undefined => answer.body.users.find((u) => u.id === id);

describe('live station state (embedded runtime, real PostgreSQL, in-process stream and fan-out)', () => {
  let t: TestServer;
  let pool: Pool;
  let alice: ApiClient;
  let visitor: ApiClient;
  let aliceId: string;
  let bobId: string;
  let aliceKey: string;
  let fanOut: FanOut;
  let pushes: Awaited<ReturnType<typeof listen>>;

  const report = (body: Record<string, unknown>) => alice.post('/radio', { key: aliceKey, radio: 'IC-9700', ...body });
  const pushedFor = (id: string, match: (card: FeedUserCard) => boolean) =>
    until(async () => pushes.messages.filter((m) => m.user.id === id && match(m.user)), (found) => found.length > 0);

  beforeAll(async () => {
    ({ t, alice, aliceId, bobId } = await startWithAliceAndBob());
    pool = createPool(t.db.url, 2);
    visitor = new ApiClient(t.url);
    aliceKey = await apiKeyOf(alice);
    // The server's fan-out without REDIS_URL: the bus every in-process fan-out of this process shares.
    fanOut = openFanOut(readConfig({ ...process.env, REDIS_URL: '' }));
    pushes = await listen(fanOut);
  });

  afterEach(() => {
    pushes.messages.length = 0;
  });

  afterAll(async () => {
    await pushes?.stop();
    await fanOut?.close();
    await pool?.end();
    await t?.stop();
  });

  it('puts a reporting station on the public ActiveUserList with every marker, and pushes its card', async () => {
    const answer = await report({
      frequency: 14074000, mode: 'USB', op_mode: 2, ptt: 1, azimuth: '123.5', elevation: 5,
      activation_type: 'pota', activation_ref: 'us-1234', streaming: 'true', prop_mode: 'F2',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'success' });

    const list = await until(() => activeUsers(visitor), (a) => cardOf(a, aliceId) !== undefined);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    const card = cardOf(list, aliceId);
    expect(card).toMatchObject({
      id: aliceId, my_callsign: 'W1AW', name: '', profile_image_name: 'missing.JPG',
      on_freq: true, is_live: true, is_online: true, is_admin: false, sub: false, ptt_down: true,
      contesting: false, op_mode: 2, freq: 14074, mode: 'USB', rig_name: 'IC-9700',
      azimuth: 123.5, elevation: 5, activation_type: 'POTA', activation_ref: 'US-1234', prop_mode: 'F2',
    });
    expect(Date.now() - Date.parse(card?.rig_reported_at ?? '')).toBeLessThan(60_000);

    const [pushed] = await pushedFor(aliceId, (u) => u.ptt_down);
    expect(pushed).toEqual({ environment: 'prod', type: 'public-rig-data', user: card });
  });

  it('shows a change of PTT at once (a new event, not a heartbeat)', async () => {
    expect((await report({ frequency: 14074000, mode: 'USB', op_mode: 2, ptt: 0, azimuth: '123.5', elevation: 5, activation_type: 'POTA', activation_ref: 'US-1234', streaming: true, prop_mode: 'F2' })).status).toBe(200);
    const [pushed] = await pushedFor(aliceId, (u) => !u.ptt_down);
    expect(pushed?.user).toMatchObject({ ptt_down: false, on_freq: true, is_live: true });
    const list = await until(() => activeUsers(visitor), (a) => cardOf(a, aliceId)?.ptt_down === false);
    expect(cardOf(list, aliceId)?.ptt_down).toBe(false);
  });

  it('masks the frequency of a contesting station (op mode 7) in the list and in the push', async () => {
    expect((await report({ frequency: 7030000, mode: 'CW', op_mode: 7 })).status).toBe(200);
    const list = await until(() => activeUsers(visitor), (a) => cardOf(a, aliceId)?.contesting === true);
    expect(cardOf(list, aliceId)).toMatchObject({ contesting: true, freq: null, op_mode: 7, on_freq: true, mode: 'CW', ptt_down: false, is_live: false });
    const [pushed] = await pushedFor(aliceId, (u) => u.contesting);
    expect(pushed?.user.freq).toBeNull();
    expect(JSON.stringify(pushes.messages)).not.toContain('7030');
  });

  it('lists a signed-in user without a rig as logged in recently, and not as active', async () => {
    // The administrator flag as the admin tool sets it in the users read model.
    await pool.query('UPDATE rm_users SET is_admin = true WHERE id = $1', [bobId]);
    const online = await onlineWithoutRig(visitor);
    expect(online.status).toBe(200);
    expect(cardOf(online, bobId)).toMatchObject({ id: bobId, my_callsign: 'K1JT', is_online: true, is_admin: true, on_freq: false, is_live: false, rig_name: '', freq: null });
    // on air: in the other list only
    expect(cardOf(online, aliceId)).toBeUndefined();
    expect(cardOf(await activeUsers(visitor), bobId)).toBeUndefined();

    // A session last used more than 15 minutes ago is not 'Logged In Recently'.
    await pool.query("UPDATE auth_sessions SET last_seen_at = now() - interval '16 minutes' WHERE user_id = $1", [bobId]);
    expect(cardOf(await onlineWithoutRig(visitor), bobId)).toBeUndefined();
  });

  it('moves a station that goes QRT (op mode 0) from the active list to the logged-in list', async () => {
    expect((await report({ frequency: 7030000, mode: 'CW', op_mode: 0 })).status).toBe(200);
    const [pushed] = await pushedFor(aliceId, (u) => u.op_mode === 0);
    expect(pushed?.user).toMatchObject({ on_freq: false, is_live: false, rig_name: 'IC-9700' });
    const list = await until(() => activeUsers(visitor), (a) => cardOf(a, aliceId) === undefined);
    expect(cardOf(list, aliceId)).toBeUndefined();
    expect(cardOf(await onlineWithoutRig(visitor), aliceId)).toMatchObject({ on_freq: false, is_online: true, op_mode: 0 });
  });

  it('refuses a bad added field with the field’s message and records nothing', async () => {
    const before = (await pool.query('SELECT count(*)::int AS n FROM es_events WHERE stream_id = $1', [rigStreamName(aliceId)])).rows[0];
    const bad = await report({ frequency: 14074000, ptt: 'maybe', azimuth: 400 });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ status: 'failed', errors: { ptt: ['ptt must be true or false (1 or 0)'], azimuth: ['azimuth must be a number of degrees from 0 to 360'] } });
    const after = (await pool.query('SELECT count(*)::int AS n FROM es_events WHERE stream_id = $1', [rigStreamName(aliceId)])).rows[0];
    expect(after).toEqual(before);
  });

  describe('the consumer’s batches and sweep', () => {
    const snapshot = async () => (await pool.query('SELECT user_id, xmin::text AS xmin, rig, position, off_air_sent FROM live_stations ORDER BY user_id')).rows;
    const asConsumed = (values: unknown[]): ConsumedMessage[] =>
      values.map((value, i) => ({ topic: 'station-events', partition: 0, offset: String(i), key: 'k', value: JSON.stringify(value) }));

    it('changes nothing and pushes nothing when a batch is delivered again', async () => {
      expect((await report({ frequency: 7074000, mode: 'LSB', op_mode: 1 })).status).toBe(200);
      const store = await PostgresEventStore.create(pool);
      const events = await store.readStream(rigStreamName(aliceId));
      expect(events.length).toBeGreaterThan(0);
      const batch = asConsumed(events.map(toStationMessage));
      const own = new InProcessFanOut();
      const ownPushes = await listen(own);
      const live = liveStations(pool, own);
      // The pipeline has applied these already: delivered again (twice), they change no row.
      const before = await until(snapshot, (rows) => rows.some((r) => r.user_id === aliceId && r.position === events.at(-1)?.position));
      expect(before.find((r) => r.user_id === aliceId)?.position).toBe(events.at(-1)?.position);
      await live.handle(batch);
      await live.handle(batch);
      expect(await snapshot()).toEqual(before);
      expect(ownPushes.messages).toEqual([]);

      // A report the state has not seen changes its row and pushes once; the same again does neither.
      const carol = new ApiClient(t.url);
      const carolId = await carol.signUp('carol@example.com', 'G4ABC');
      // A card needs the user's row, which the users projection writes a moment after sign-up.
      await until(async () => (await pool.query('SELECT 1 FROM rm_users WHERE id = $1', [carolId])).rowCount, (n) => n === 1);
      const last = events.at(-1)!;
      const fresh = {
        ...toStationMessage(last),
        position: last.position + 1_000_000,
        stationUserId: carolId,
        data: { userId: carolId, rigName: 'FT-817', freqHz: 10_489_550_000, mode: 'USB', power: 5, opMode: 1, at: new Date().toISOString(), propMode: 'SAT' },
      };
      await live.handle(asConsumed([fresh]));
      const applied = await snapshot();
      expect(applied.find((r) => r.user_id === carolId)).toMatchObject({ rig: { rigName: 'FT-817', freqHz: 10_489_550_000, propMode: 'SAT' }, off_air_sent: false });
      expect(ownPushes.messages.map((m) => m.user)).toEqual([expect.objectContaining({ id: carolId, my_callsign: 'G4ABC', on_freq: true, freq: 10489550, prop_mode: 'SAT' })]);
      await live.handle(asConsumed([fresh]));
      expect(await snapshot()).toEqual(applied);
      expect(ownPushes.messages).toHaveLength(1);
      expect(cardOf(await activeUsers(visitor), carolId)).toMatchObject({ on_freq: true, freq: 10489550 });

      // Five minutes later the sweep announces it off air, once, whoever sweeps.
      const later = liveStations(pool, own, { now: () => new Date(Date.now() + 5 * 60_000 + 1_000) });
      await later.sweep();
      const offAir = ownPushes.messages.slice(1).map((m) => m.user);
      expect(offAir.filter((u) => u.id === carolId)).toEqual([expect.objectContaining({ on_freq: false, freq: null, rig_name: '', rig_reported_at: null })]);
      expect(offAir.every((u) => !u.on_freq && !u.is_live)).toBe(true);
      await later.sweep();
      await live.sweep();
      expect(ownPushes.messages).toHaveLength(1 + offAir.length);
      await ownPushes.stop();
      await own.close();
    });

    it('skips a station event that is not a rig report by its headers, without parsing it, and still moves its position', async () => {
      const own = new InProcessFanOut();
      const live = liveStations(pool, own);
      const before = await snapshot();
      const position = 9_000_000_000;
      // Not JSON at all: parsing it would throw.
      await live.handle([{ topic: 'station-events', partition: 0, offset: '0', key: 'k', value: '{not json', headers: { type: 'QsoLogged', position: String(position) } }]);
      expect(await readPosition(pool, LIVE_STATIONS_CONSUMER)).toBe(position);
      expect(await snapshot()).toEqual(before);
      await own.close();
    });

    it('shows a brand-new user’s first report to a websocket client as soon as the user’s row is there, with no second report', async () => {
      const dave = new ApiClient(t.url);
      const daveId = await dave.signUp('dave@example.com', 'K1DAV');
      await until(async () => (await pool.query('SELECT 1 FROM rm_users WHERE id = $1', [daveId])).rowCount, (n) => n === 1);
      // The users read model has not written the row yet when the first report is consumed (it
      // lags, or is being rebuilt): held out here, put back below as its projection would.
      const held = (await pool.query<Record<string, unknown>>('DELETE FROM rm_users WHERE id = $1 RETURNING *', [daveId])).rows[0]!;
      const socket = new WebSocket(`${t.url.replace(/^http/, 'ws')}/ws`);
      const received: PublicRigDataMessage[] = [];
      socket.on('message', (data) => received.push(JSON.parse(data.toString()) as PublicRigDataMessage));
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      // The server's own fan-out (the in-process bus), so the socket's clients get what this consumer publishes.
      const live = liveStations(pool, fanOut, { userRowRetryMs: 50 });
      try {
        const head = Number((await pool.query<{ p: string }>('SELECT max(position)::text AS p FROM es_events')).rows[0]!.p);
        const first = {
          position: head + 2_000_000, eventId: 'first-report', type: 'RigReported', streamId: rigStreamName(daveId), stationUserId: daveId,
          stationCallsign: '', createdAt: new Date().toISOString(),
          data: { userId: daveId, rigName: 'IC-705', freqHz: 14_074_000, mode: 'FT8', power: 5, opMode: 2, at: new Date().toISOString() },
        };
        await live.handle(asConsumed([first]));
        await sleep(300);
        expect(received.filter((m) => m.user.id === daveId)).toEqual([]);

        const columns = Object.keys(held);
        await pool.query(
          `INSERT INTO rm_users (${columns.join(', ')}) SELECT * FROM jsonb_populate_record(NULL::rm_users, $1::jsonb)`,
          [JSON.stringify(held)],
        );
        const sent = Date.now();
        await expect.poll(() => received.filter((m) => m.user.id === daveId).length, { timeout: 2_000, interval: 20 }).toBe(1);
        expect(Date.now() - sent).toBeLessThan(1_000);
        expect(received.find((m) => m.user.id === daveId)).toEqual({
          environment: 'prod',
          type: 'public-rig-data',
          user: expect.objectContaining({ id: daveId, my_callsign: 'K1DAV', on_freq: true, freq: 14074, mode: 'FT8', rig_name: 'IC-705', op_mode: 2 }),
        });
        // Once shown, it is not sent again.
        await sleep(300);
        expect(received.filter((m) => m.user.id === daveId)).toHaveLength(1);
      } finally {
        await live.stop();
        socket.close();
      }
    });
  });
});
