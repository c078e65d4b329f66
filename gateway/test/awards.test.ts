/**
 * The daily awards end to end on the embedded default: stations log QSOs by API, the awards job
 * runs at the test's clock (just after midnight UTC the next day, and again when the 48-hour
 * upload window has closed), GET /award/latest lists the winners and GET /award/{id}?width=N
 * draws them. Uploads happen at the real time (the log stamps them), so the QSOs are placed
 * relative to it. Then the replay: every recorded computation is the same as the rules applied to
 * the event log itself with the recorded cut-off, and the awards read model rebuilt from the log
 * answers the same; a restarted server catches up from the log, and never computes a day twice.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createClient } from '@clickhouse/client';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAwardDays,
  AWARD_NOT_FOUND,
  AWARD_RULES_TEXT,
  AWARD_WIDTH_INVALID,
  awardDayOf,
  awardDayStart,
  awardInputsFromLog,
  awardsStreamName,
  computeDailyAwards,
  type AwardsAnswer,
  type DailyAwardsComputed,
  type ProfileAnswer,
} from '@hamlog/domain';
import { ClickHouseAwardFacts } from '@hamlog/infra/aggregates/clickhouse-award-facts';
import { PostgresAwardFacts } from '@hamlog/infra/aggregates/postgres-award-facts';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { awardStations } from '@hamlog/infra/read-models/awards/queries';
import { STREAM_CHECKPOINTS } from '@hamlog/infra/stream/stream-positions';
import type { RunningServer } from '../src/embedded-runtime';
import { readLog, until } from './log-helpers';
import { rebuild, subscribe } from './people-helpers';
import { ApiClient, startServerOn, startTestServer, type TestServer } from './server-harness';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const seconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);

/** The real time the QSOs are uploaded at (the log's clock), and the days around it. */
const R = Date.now();
const D0 = awardDayOf(new Date(R));
const DY = addAwardDays(D0, -1);
const todayAt = (i: number) => seconds(Math.max(awardDayStart(D0).getTime(), R - 30 * MINUTE) + i * 1000);
const yesterdayAt = (i: number) => seconds(awardDayStart(D0).getTime() - HOUR + i * 1000);
/** Uploaded five minutes too late, and five minutes in time. */
const lateAt = (i: number) => seconds(R - 48 * HOUR - 5 * MINUTE - i * 1000);
const onTimeAt = seconds(R - 48 * HOUR + 5 * MINUTE);
const DO = awardDayOf(onTimeAt);
/** Just after midnight UTC, the day after D0 and the third day after it. */
const AFTER_D0 = new Date(awardDayStart(addAwardDays(D0, 1)).getTime() + 6 * MINUTE);
const FINAL_D0 = new Date(awardDayStart(addAwardDays(D0, 3)).getTime() + 6 * MINUTE);
/** Today's winners, provisional and final alike: every QSO of today was uploaded in time. */
const D0_WINNERS = [
  ['QSO', 'W1AW', 3],
  ['DXCC', 'W1AW', 3],
  ['CW', 'W1AW', 3],
  ['VOICE', 'K1JT', 2],
  ['SSTV', 'W1AW/P', 1],
];

/** ClickHouse for the replay into the production aggregates store, when it is there. */
const clickHouse = process.env.CLICKHOUSE_URL || null;
if (!clickHouse) console.warn('skipped: daily awards from ClickHouse facts (CLICKHOUSE_URL is not set)');

describe('daily awards (embedded runtime, real PostgreSQL, a clock the test moves)', () => {
  let t: TestServer;
  let server: RunningServer;
  let clock = new Date(R);
  let visitor: ApiClient;
  let pool: Pool;
  let store: PostgresEventStore;
  const ids: Record<string, string> = {};

  const url = () => `http://127.0.0.1:${server.port}`;
  const latest = async () => (await new ApiClient(url()).call<AwardsAnswer>('GET', '/award/latest')).body;
  const awardsOf = (answer: AwardsAnswer, day: string) => answer.awards.filter((a) => a.award_date === day);
  const summary = (answer: AwardsAnswer, day: string) => awardsOf(answer, day).map((a) => [a.award.short_name, a.user.my_callsign, a.qso_count]);
  const awardEvents = async (day: string) => (await store.readStream(awardsStreamName(day))).map((e) => e.data as DailyAwardsComputed['data']);
  const image = (id: string, query = '', headers: Record<string, string> = {}) => fetch(`${url()}/api/award/${id}${query}`, { headers });

  /** Logs a QSO as `who`. */
  async function log(who: ApiClient, ts: Date, call: string, mode: string, freqKhz: number, dxcc: number) {
    const subMode = mode === 'USB' || mode === 'LSB' ? mode : '';
    const res = await who.post<{ qdo_id: string }>('/vqso/upsert', { data: { Call: call, TS: ts.toISOString(), Freq: freqKhz, Mode: subMode ? 'SSB' : mode, SubMode: subMode, dxcc } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }

  async function restart(at: Date) {
    await server.stop();
    clock = at;
    server = await startServerOn(t.db.url, { DATA_DIR: t.dataDir }, { now: () => clock, awardsCatchUpDelayMs: 0 });
  }

  beforeAll(async () => {
    // No catch-up run at start: this server's job runs when the test says so.
    t = await startTestServer({}, { now: () => clock, awardsCatchUpDelayMs: HOUR });
    server = t.server;
    visitor = new ApiClient(t.url);
    pool = createPool(t.db.url, 4);
    store = await PostgresEventStore.create(pool);
    const signUp = async (callsign: string) => {
      const client = new ApiClient(t.url);
      ids[callsign] = await client.signUp(`${callsign.toLowerCase()}@example.com`, callsign);
      return client;
    };
    const [alice, bob, carol, dave, erin, frank] = [await signUp('W1AW'), await signUp('K1JT'), await signUp('N0CAL'), await signUp('K1DAV'), await signUp('K1ERN'), await signUp('K1FRK')];
    // Subscribed ten days ago, all but N0CAL; K1DAV is excluded from leaderboards.
    for (const c of ['W1AW', 'K1JT', 'K1DAV', 'K1ERN', 'K1FRK']) await subscribe(t, ids[c]!, 'premium', null, new Date(R - 10 * DAY));
    const excluded = await dave.post('/vupdateprofile', { email: 'k1dav@example.com', name: 'Dave', qth: 'Boston', grid: 'FN42', exclude_from_leaderboards: true });
    expect(excluded.status, JSON.stringify(excluded.body)).toBe(200);

    // Today: Alice three CW QSOs with three entities, Bob two SSB ones; Carol (no subscription)
    // five FT8 ones and Dave (excluded) four SSTV ones count for nobody.
    await log(alice, todayAt(1), 'DL1ABC', 'CW', 14025, 230);
    await log(alice, todayAt(2), 'G4ABC', 'CW', 14026, 223);
    await log(alice, todayAt(3), 'JA1XYZ', 'CW', 14027, 339);
    await log(bob, todayAt(1), 'EA1AAA', 'USB', 14200, 281);
    await log(bob, todayAt(2), 'EA2BBB', 'LSB', 7100, 281);
    for (let i = 0; i < 5; i += 1) await log(carol, todayAt(i), `F${i}ABC`, 'FT8', 14074, 227);
    for (let i = 0; i < 4; i += 1) await log(dave, todayAt(i), `I${i}ABC`, 'SSTV', 14230, 248);
    // Alice's portable sub-account counts on her subscription: one SSTV QSO.
    const added = await alice.post<{ user: { sub_accounts: { id: string; callsign: string }[] } }>('/vaddsubaccount', { callsign: 'W1AW/P' });
    const switched = await alice.post<{ token: string }>('/vLoginToSubaccount', { sub_account_id: added.body.user.sub_accounts[0]!.id });
    const portable = new ApiClient(t.url);
    portable.token = switched.body.token;
    await log(portable, todayAt(4), 'I9ABC', 'SSTV', 14230, 248);
    // Yesterday, uploaded now: after the provisional cut-off, within 48 hours.
    await log(bob, yesterdayAt(1), 'OK1AAA', 'CW', 7010, 503);
    await log(bob, yesterdayAt(2), 'OK2BBB', 'CW', 7011, 503);
    // Two days ago: Erin's two FM QSOs five minutes too late, Frank's one in time.
    await log(erin, lateAt(1), 'W2AAA', 'FM', 145500, 291);
    await log(erin, lateAt(2), 'W2BBB', 'FM', 145500, 291);
    await log(frank, onTimeAt, 'W3CCC', 'FM', 145525, 291);
    await frank.call('GET', '/vuser');
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
    if (server === t?.server) return t.stop();
    // Restarted: the test's own server is stopped already.
    await server?.stop();
    await t?.db.drop();
    await rm(t?.dataDir ?? '', { recursive: true, force: true });
  });

  it('lists nothing, with the rules text, before the job has run', async () => {
    const answer = (await visitor.call<AwardsAnswer>('GET', '/award/latest')).body;
    expect(answer).toEqual({ awards: [], rules: AWARD_RULES_TEXT });
    expect(await server.awards.runDue()).toEqual([]); // nothing of today is due today
  });

  it('computes the day provisionally just after midnight UTC: subscribers win, within the rules', async () => {
    clock = AFTER_D0;
    const recorded = await server.awards.runDue();
    expect(recorded).toContainEqual({ day: D0, phase: 'provisional' });
    // Yesterday's QSOs were uploaded after its end: its provisional computation found no winner and recorded nothing.
    expect(recorded).not.toContainEqual({ day: DY, phase: 'provisional' });
    expect(await awardEvents(DY)).toEqual([]);

    const answer = await until(latest, (a) => awardsOf(a, D0).length > 0, 'the day’s awards');
    expect(answer.rules).toBe(AWARD_RULES_TEXT);
    expect(answer.awards.slice(0, 5).map((a) => a.award_date)).toEqual([D0, D0, D0, D0, D0]);
    expect(summary(answer, D0)).toEqual(D0_WINNERS);
    expect(awardsOf(answer, D0)[0]).toEqual({
      id: `${D0}-qso`,
      award: { name: 'Most QSOs of the day', short_name: 'QSO' },
      award_date: D0,
      qso_count: 3,
      user: { id: ids.W1AW, my_callsign: 'W1AW', name: '', profile_image_name: 'missing.JPG' },
      final: false,
    });
    // Provisional until the final computation, every one of them.
    expect(awardsOf(answer, D0).map((a) => a.final)).toEqual([false, false, false, false, false]);
    expect(await awardEvents(D0)).toMatchObject([{ day: D0, phase: 'provisional', cutoff: awardDayStart(addAwardDays(D0, 1)).toISOString() }]);
    // Run again at the same time: nothing is computed twice.
    expect(await server.awards.runDue()).toEqual([]);
  });

  it('draws an award as a PNG of the width asked for, cached by ETag; refuses a bad width and an unknown id', async () => {
    const res = await image(`${D0}-qso`, '?width=300');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    // Provisional: the final computation may still change it.
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 300, 200]);
    // fetch sends 'cache-control: no-cache' with a conditional request unless told otherwise.
    const revalidate = { 'if-none-match': res.headers.get('etag')!, 'cache-control': 'max-age=0' };
    expect((await image(`${D0}-qso`, '?width=300', revalidate)).status).toBe(304);
    expect((await image(`${D0}-qso`, '?width=301', revalidate)).status).toBe(200);

    const clamped = await sharp(Buffer.from(await (await image(`${D0}-cw.png`, '?width=5000')).arrayBuffer())).metadata();
    expect(clamped.width).toBe(1200);
    expect((await sharp(Buffer.from(await (await image(`${D0}-cw`)).arrayBuffer())).metadata()).width).toBe(600);

    const bad = await image(`${D0}-qso`, '?width=wide');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(AWARD_WIDTH_INVALID);
    for (const id of [`${D0}-data`, '2000-01-01-qso', 'nonsense', '..%2F..%2Fetc']) {
      const missing = await image(id);
      expect(missing.status, id).toBe(404);
      expect(((await missing.json()) as { message: string }).message).toBe(AWARD_NOT_FOUND);
    }
  });

  it('after a restart past the 48-hour window, catches up from the log with the final computations', async () => {
    await restart(FINAL_D0);
    const final = await until(() => awardEvents(D0), (e) => e.length === 2, 'the final computation of today');
    expect(final[1]).toMatchObject({ phase: 'final', cutoff: awardDayStart(addAwardDays(D0, 3)).toISOString() });
    expect(final[1]!.awards).toEqual(final[0]!.awards);
    // Yesterday's only computation is its final one, which counts the uploads within 48 hours.
    const yesterday = await until(() => awardEvents(DY), (e) => e.length === 1, 'the final computation of yesterday');
    expect(yesterday[0]).toMatchObject({ phase: 'final' });

    const finalDays = [D0, DY, DO];
    const answer = await until(
      latest,
      (a) => finalDays.every((day) => awardsOf(a, day).length > 0 && awardsOf(a, day).every((award) => award.final)),
      'every final award',
    );
    expect(summary(answer, D0)).toEqual(D0_WINNERS);
    expect(summary(answer, DY)).toEqual(expect.arrayContaining([['QSO', 'K1JT', 2], ['CW', 'K1JT', 2]]));
    // Frank's one QSO in time wins the day's voice award over Erin's two uploaded too late.
    expect(summary(answer, DO)).toEqual(expect.arrayContaining([['VOICE', 'K1FRK', 1]]));
    const winners = new Set(answer.awards.map((a) => a.user.my_callsign));
    for (const nobody of ['N0CAL', 'K1DAV', 'K1ERN']) expect(winners.has(nobody), nobody).toBe(false);

    const res = await image(`${D0}-qso`, '?width=300');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const profile = (await new ApiClient(url()).call<ProfileAnswer>('GET', '/vprofilefor?callsign=W1AW')).body.profile;
    expect(profile.user_awards).toEqual(
      ['qso', 'dxcc', 'cw'].map((key) => ({ id: `${D0}-${key}`, award: expect.objectContaining({ short_name: key.toUpperCase() }), award_date: D0 })),
    );
  });

  it('records the same awards as the rules applied to the event log, and the read model rebuilt from the log answers the same', async () => {
    const events = await readLog(store);
    const computations = events.filter((e) => e.type === 'DailyAwardsComputed').map((e) => e.data as DailyAwardsComputed['data']);
    expect(computations.length).toBeGreaterThanOrEqual(4);
    const facts = new PostgresAwardFacts(pool);
    for (const c of computations) {
      const cutoff = new Date(c.cutoff);
      const fromLog = awardInputsFromLog(events, c.day);
      expect(computeDailyAwards({ day: c.day, cutoff, ...fromLog }), `${c.day} ${c.phase} from the log`).toEqual(c.awards);
      // The job's own inputs (the QSO facts and the awards read model) with the recorded cut-off.
      const qsos = await facts.qsosBetween(awardDayStart(c.day), awardDayStart(addAwardDays(c.day, 1)));
      const stations = await awardStations(pool, qsos.map((q) => q.stationUserId));
      expect(computeDailyAwards({ day: c.day, cutoff, qsos, stations }), `${c.day} ${c.phase} from the facts`).toEqual(c.awards);
    }

    const before = await latest();
    await rebuild(t, ['awards']);
    expect(await latest()).toEqual(before);
  });

  it.skipIf(!clickHouse)('gives the same awards from the ClickHouse facts the stream consumer builds from the log', async () => {
    const database = `hamlog_awards_e2e_${randomBytes(4).toString('hex')}`;
    const previous = process.env.CLICKHOUSE_DATABASE;
    process.env.CLICKHOUSE_DATABASE = database;
    const facts = new ClickHouseAwardFacts({ url: clickHouse!, database });
    try {
      await server.stop();
      // The forwarder and the consumer start again from the log's beginning, into a new database.
      await pool.query('DELETE FROM projection_checkpoints WHERE name = ANY($1::text[])', [STREAM_CHECKPOINTS]);
      server = await startServerOn(t.db.url, { DATA_DIR: t.dataDir, CLICKHOUSE_URL: clickHouse! }, { now: () => clock, awardsCatchUpDelayMs: 0 });
      const computations = (await readLog(store)).filter((e) => e.type === 'DailyAwardsComputed').map((e) => e.data as DailyAwardsComputed['data']);
      const logged = (await readLog(store)).filter((e) => e.type === 'QsoLogged').length;
      const qsoDays = [...new Set([D0, DY, DO, awardDayOf(lateAt(1)), awardDayOf(lateAt(2))])];
      await until(
        async () => (await Promise.all(qsoDays.map((d) => facts.qsosBetween(awardDayStart(d), awardDayStart(addAwardDays(d, 1)))))).flat().length,
        (n) => n === logged,
        'every QSO in the ClickHouse facts',
      );
      for (const c of computations) {
        const qsos = await facts.qsosBetween(awardDayStart(c.day), awardDayStart(addAwardDays(c.day, 1)));
        const stations = await awardStations(pool, qsos.map((q) => q.stationUserId));
        expect(computeDailyAwards({ day: c.day, cutoff: new Date(c.cutoff), qsos, stations }), `${c.day} ${c.phase} from ClickHouse`).toEqual(c.awards);
      }
    } finally {
      await facts.close();
      if (previous === undefined) delete process.env.CLICKHOUSE_DATABASE;
      else process.env.CLICKHOUSE_DATABASE = previous;
      const admin = createClient({ url: clickHouse! });
      await admin.command({ query: `DROP DATABASE IF EXISTS ${database}` });
      await admin.close();
    }
  });

  it('computes nothing twice across another restart', async () => {
    const count = async () => (await readLog(store)).filter((e) => e.type === 'DailyAwardsComputed').length;
    const recorded = await count();
    await restart(FINAL_D0);
    await new Promise((r) => setTimeout(r, 1_500)); // the catch-up run at start
    expect(await server.awards.runDue()).toEqual([]);
    expect(await count()).toBe(recorded);
  });
});
