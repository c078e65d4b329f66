/**
 * The live station state end to end: a companion app's rig report (POST /api/radio) becomes a
 * RigReported event, the live-stations projection applies it to live_stations in its transaction
 * with its checkpoint, and once that commits the station's card goes out in a LiveCardsMessage on
 * the fan-out; the public home-page calls GET /api/ActiveUserList and
 * GET /api/logged_in_users_not_in_rig_control and the caller's POST /api/vrigcontrol/get read it.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CARDS_CHANNEL, rigStreamName, type FeedUserCard, type FeedUsersAnswer, type LiveCardsMessage, type LiveFrameMessage, type RigReportedData, type RigState } from '@hamlog/domain';
import { readConfig } from '@hamlog/infra/config/config';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import type { FanOut } from '@hamlog/infra/ports/jobs';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { openFanOut } from '@hamlog/infra/runtime/adapters';
import { LiveCards } from '@hamlog/projectors';
import { rebuild } from './people-helpers';
import { ApiClient, startWithAliceAndBob, type TestServer } from './server-harness';
import { until } from './until';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every LiveCardsMessage a fan-out delivers, parsed. */
async function listen(fanOut: FanOut): Promise<{ messages: LiveCardsMessage[]; cards: () => FeedUserCard[]; stop: () => Promise<void> }> {
  const messages: LiveCardsMessage[] = [];
  const stop = await fanOut.subscribe(LIVE_CARDS_CHANNEL, (text) => messages.push(JSON.parse(text) as LiveCardsMessage));
  return { messages, cards: () => messages.flatMap((m) => m.cards), stop };
}

const apiKeyOf = async (client: ApiClient) => (await client.call<{ user: { api_key: string } }>('GET', '/vuser')).body.user.api_key;
const activeUsers = (client: ApiClient) => client.call<FeedUsersAnswer>('GET', '/ActiveUserList');
const onlineWithoutRig = (client: ApiClient) => client.call<FeedUsersAnswer>('GET', '/logged_in_users_not_in_rig_control');
const cardOf = (answer: { body: FeedUsersAnswer }, id: string): FeedUserCard | undefined => answer.body.users.find((u) => u.id === id);

describe('live station state (embedded runtime, real PostgreSQL, in-process fan-out)', () => {
  let t: TestServer;
  let pool: Pool;
  let store: PostgresEventStore;
  let alice: ApiClient;
  let bob: ApiClient;
  let visitor: ApiClient;
  let aliceId: string;
  let bobId: string;
  let aliceKey: string;
  let fanOut: FanOut;
  let pushes: Awaited<ReturnType<typeof listen>>;

  const report = (body: Record<string, unknown>, key = aliceKey) => visitor.post('/radio', { key, radio: 'IC-9700', ...body });
  const pushedFor = (id: string, match: (card: FeedUserCard) => boolean) =>
    until(async () => pushes.cards().filter((c) => c.id === id && match(c)), (found) => found.length > 0);

  beforeAll(async () => {
    ({ t, alice, bob, aliceId, bobId } = await startWithAliceAndBob());
    pool = createPool(t.db.url, 2);
    store = await PostgresEventStore.create(pool);
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
    await store?.close();
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
    expect(pushed).toEqual(card);
  });

  it('shows a change of PTT at once (a new event, not a heartbeat)', async () => {
    expect((await report({ frequency: 14074000, mode: 'USB', op_mode: 2, ptt: 0, azimuth: '123.5', elevation: 5, activation_type: 'POTA', activation_ref: 'US-1234', streaming: true, prop_mode: 'F2' })).status).toBe(200);
    const [pushed] = await pushedFor(aliceId, (u) => !u.ptt_down);
    expect(pushed).toMatchObject({ ptt_down: false, on_freq: true, is_live: true });
    const list = await until(() => activeUsers(visitor), (a) => cardOf(a, aliceId)?.ptt_down === false);
    expect(cardOf(list, aliceId)?.ptt_down).toBe(false);
  });

  it('masks the frequency of a contesting station (op mode 7) in the list and in the push', async () => {
    expect((await report({ frequency: 7030000, mode: 'CW', op_mode: 7 })).status).toBe(200);
    const list = await until(() => activeUsers(visitor), (a) => cardOf(a, aliceId)?.contesting === true);
    expect(cardOf(list, aliceId)).toMatchObject({ contesting: true, freq: null, op_mode: 7, on_freq: true, mode: 'CW', ptt_down: false, is_live: false });
    const [pushed] = await pushedFor(aliceId, (u) => u.contesting);
    expect(pushed?.freq).toBeNull();
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
    expect(pushed).toMatchObject({ on_freq: false, is_live: false, rig_name: 'IC-9700' });
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

  describe('one model, one projection, one checkpoint table', () => {
    const rows = async () =>
      (await pool.query('SELECT user_id, rig, on_air, reported_at, position, stream_revision, off_air_sent, xmin::text AS xmin FROM live_stations ORDER BY user_id')).rows as {
        user_id: string;
        position: number;
        stream_revision: number | null;
        xmin: string;
      }[];
    const withoutXmin = (r: Awaited<ReturnType<typeof rows>>) => r.map(({ xmin: _xmin, ...row }) => row);
    const checkpoint = async (name: string) =>
      (await pool.query<{ position: number }>('SELECT position FROM projection_checkpoints WHERE name = $1', [name])).rows[0]?.position;
    const head = async () => Number((await pool.query<{ p: string }>('SELECT max(position)::text AS p FROM es_events')).rows[0]!.p);
    /** Waits until the live-stations projection has applied the whole log. */
    const caughtUp = async () => expect(await until(async () => ((await checkpoint('live-stations')) ?? 0) >= (await head()), (done) => done)).toBe(true);

    it('keeps the station state in live_stations alone, with every follower’s checkpoint in one table', async () => {
      const tables = await pool.query<{ rig: string | null; stream: string | null }>("SELECT to_regclass('rm_rig_state')::text AS rig, to_regclass('stream_positions')::text AS stream");
      expect(tables.rows[0]).toEqual({ rig: null, stream: null });
      const names = (await pool.query<{ name: string }>('SELECT name FROM projection_checkpoints ORDER BY name')).rows.map((r) => r.name);
      expect(names).toEqual(expect.arrayContaining(['live-stations', 'users', 'forwarder:station-events']));
      expect(names).not.toContain('rig');
      expect(names).not.toContain('consumer:live-stations');
      // Each row carries its report's revision in the rig stream (where command-api starts reading it).
      const events = (await pool.query<{ revision: number; position: number }>('SELECT revision, position FROM es_events WHERE stream_id = $1 ORDER BY position', [rigStreamName(aliceId)])).rows;
      expect((await rows()).find((r) => r.user_id === aliceId)).toMatchObject({ position: events.at(-1)!.position, stream_revision: events.at(-1)!.revision });
    });

    it('answers POST /vrigcontrol/get with the report just made, at once, with no header to ask for it', async () => {
      const bobKey = await apiKeyOf(bob);
      for (const frequency of [7_074_000, 7_075_000, 10_136_000, 14_074_000, 21_074_000]) {
        expect((await report({ frequency, mode: 'FT8', op_mode: 2 }, bobKey)).status).toBe(200);
        // The server remembers bob's latest write (made with his key) and his session's read waits for it.
        const res = await fetch(`${t.url}/api/vrigcontrol/get`, { method: 'POST', headers: { authorization: `Bearer ${bob.token}` } });
        expect(res.status).toBe(200);
        expect(res.headers.get('x-read-model-stale')).toBeNull();
        expect((await res.json()) as RigState).toEqual({ freq: frequency / 1000, mode: 'FT8', op_mode: 2, rig_name: 'IC-9700' });
      }
    });

    it('changes no row and publishes nothing when batches are applied again (its checkpoint set back)', async () => {
      expect((await report({ frequency: 3_573_000, mode: 'FT8', op_mode: 2 })).status).toBe(200);
      await caughtUp();
      await pushedFor(aliceId, (c) => c.freq === 3573);
      const before = await rows();
      pushes.messages.length = 0;

      // As another runner would find it: the checkpoint behind the rows. The running projector applies
      // every rig report again from the start of the log with the next one (bob's).
      await pool.query("UPDATE projection_checkpoints SET position = 0 WHERE name = 'live-stations'");
      const bobKey = await apiKeyOf(bob);
      expect((await report({ frequency: 18_100_000, mode: 'FT8', op_mode: 2 }, bobKey)).status).toBe(200);
      const [bobCard] = await pushedFor(bobId, (c) => c.freq === 18100);
      expect(bobCard).toMatchObject({ on_freq: true, mode: 'FT8' });
      await caughtUp();
      await sleep(300);

      const after = await rows();
      expect(after.filter((r) => r.user_id !== bobId)).toEqual(before.filter((r) => r.user_id !== bobId));
      expect(pushes.cards().map((c) => c.id)).toEqual([bobId]);
    });

    it('rebuilds live_stations from the log to the same rows (`npm run rebuild -- live-stations`)', async () => {
      const before = withoutXmin(await rows());
      expect(before.length).toBeGreaterThanOrEqual(2);
      await rebuild(t, ['live-stations']);
      expect(withoutXmin(await rows())).toEqual(before);
    });

    it('announces a station gone stale off air once, whoever sweeps', async () => {
      const own = openFanOut(readConfig({ ...process.env, REDIS_URL: '' }));
      // Five minutes later, as two projector services would sweep.
      const later = () => new Date(Date.now() + 5 * 60_000 + 1_000);
      const sweepers = [new LiveCards(pool, own, { now: later }), new LiveCards(pool, own, { now: later })];
      await sweepers[0]!.sweep();
      const offAir = pushes.cards();
      expect(offAir.map((c) => c.id).sort()).toEqual([aliceId, bobId].sort());
      expect(offAir.every((c) => !c.on_freq && !c.is_live && c.freq === null && c.rig_reported_at === null)).toBe(true);
      expect(pushes.messages).toHaveLength(1);
      await sweepers[0]!.sweep();
      await sweepers[1]!.sweep();
      expect(pushes.messages).toHaveLength(1);
      await Promise.all(sweepers.map((s) => s.stop()));
      await own.close();
    });

    it('shows a brand-new user’s first report to a websocket client as soon as the user’s row is there, with no second report', async () => {
      const dave = new ApiClient(t.url);
      const daveId = await dave.signUp('dave@example.com', 'K1DAV');
      await until(async () => (await pool.query('SELECT 1 FROM rm_users WHERE id = $1', [daveId])).rowCount, (n) => n === 1);
      // The users read model has not written the row yet when the first report is applied (it
      // lags, or is being rebuilt): held out here, put back below as its projection would.
      const held = (await pool.query<Record<string, unknown>>('DELETE FROM rm_users WHERE id = $1 RETURNING *', [daveId])).rows[0]!;
      const socket = new WebSocket(`${t.url.replace(/^http/, 'ws')}/ws`);
      const frames: LiveFrameMessage[] = [];
      socket.on('message', (data) => frames.push(JSON.parse(data.toString()) as LiveFrameMessage));
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      const daveIn = () => frames.flatMap((f) => f.users).filter((u) => u.id === daveId);
      try {
        // The report as POST /api/radio records it (its key could not be checked without the row).
        const firstReport: RigReportedData = { userId: daveId, rigName: 'IC-705', freqHz: 14_074_000, mode: 'FT8', power: 5, opMode: 2, at: new Date().toISOString() };
        await store.append({ streamId: rigStreamName(daveId), expectedRevision: 'no_stream', events: [{ id: randomUUID(), type: 'RigReported', data: firstReport, metadata: { userId: daveId } }] });
        await until(async () => (await pool.query('SELECT 1 FROM live_stations WHERE user_id = $1', [daveId])).rowCount, (n) => n === 1);
        await sleep(600);
        expect(daveIn()).toEqual([]);

        const columns = Object.keys(held);
        await pool.query(
          `INSERT INTO rm_users (${columns.join(', ')}) SELECT * FROM jsonb_populate_record(NULL::rm_users, $1::jsonb)`,
          [JSON.stringify(held)],
        );
        const sent = Date.now();
        await expect.poll(() => daveIn().length, { timeout: 3_000, interval: 20 }).toBe(1);
        expect(Date.now() - sent).toBeLessThan(1_500);
        expect(daveIn()[0]).toMatchObject({ id: daveId, my_callsign: 'K1DAV', on_freq: true, freq: 14074, mode: 'FT8', rig_name: 'IC-705', op_mode: 2 });
        // Once shown, it is not sent again.
        await sleep(800);
        expect(daveIn()).toHaveLength(1);
      } finally {
        socket.close();
      }
    });
  });
});
