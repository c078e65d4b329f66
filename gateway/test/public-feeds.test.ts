/**
 * The public, site-wide reads of live QSOs (issue 10; by QSO time since issue 19, decision 0052):
 * the home page's QSO feed, band stats and the globe's arcs, on the embedded default (real
 * PostgreSQL), read by visitors as well as users.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import {
  BAND_STATS_MAX,
  dxccEntity,
  gridSquareCenter,
  liveQsoWindow,
  QSO_FEED_SIZE,
  resolveCallsign,
  type BandStatsAnswer,
  type GlobeArcsAnswer,
  type QsoFeedAnswer,
} from '@hamlog/domain';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { bandStatsOfLive, latestLiveForGlobe, latestLiveQsos } from '@hamlog/infra/read-models/logbook/public-feed-queries';
import { ApiClient, startWithAliceAndBob, type TestServer } from './server-harness';

/** A QSO time as the logger sends it (to the second). */
const isoSecond = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';
const ago = (seconds: number) => isoSecond(Date.now() - seconds * 1000);
let ticks = 0;
/** A live QSO time later than every one given before (and than the list test's): the feeds order by QSO time. */
const fresh = () => isoSecond(Date.now() - 25_000 + (ticks += 1) * 1000);

const qso = (over: Record<string, unknown> = {}) => ({
  data: { Call: 'DL1ABC', TS: fresh(), Freq: 14074.123, Mode: 'FT8', SNT: '-10', RCV: '-12', ...over },
});

describe('public feeds: QSO feed, band stats, globe arcs (embedded runtime)', () => {
  let t: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let visitor: ApiClient;
  let pool: Pool;

  /** Logs a QSO as `who` and answers its id. */
  async function log(who: ApiClient, over: Record<string, unknown> = {}): Promise<string> {
    const res = await who.post<{ qdo_id: string }>('/vqso/upsert', qso(over));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.qdo_id;
  }

  const feed = async (who: ApiClient) => (await who.call<QsoFeedAnswer>('GET', '/main_public_feed')).body.items;
  const arcs = async (who: ApiClient) => (await who.call<GlobeArcsAnswer>('GET', '/globe/arcs')).body.arcs;

  beforeAll(async () => {
    ({ t, alice, bob } = await startWithAliceAndBob());
    visitor = new ApiClient(t.url);
    pool = createPool(t.db.url, 2);
    const profile = await alice.post('/vupdateprofile', { email: 'alice@example.com', name: 'Alice Example', qth: 'Newington, CT', grid: 'FN31pr' });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  });
  afterAll(async () => {
    await pool?.end();
    await t?.stop();
  });

  it('answers visitors with empty lists before anything is logged', async () => {
    for (const path of ['/main_public_feed', '/vbandstats/100', '/globe/arcs']) {
      const res = await visitor.call('GET', path);
      expect(res.status, path).toBe(200);
    }
    expect(await feed(visitor)).toEqual([]);
    expect(await arcs(visitor)).toEqual([]);
  });

  it('lists the 35 live QSOs of the whole site with the newest QSO time first, whenever they were logged', async () => {
    const ids: string[] = [];
    const times: string[] = [];
    // Each QSO is older on the air than the one before, so only the QSO time (not the logging order) puts the first logged first.
    for (let i = 0; i < QSO_FEED_SIZE + 2; i += 1) {
      const who = i % 2 === 0 ? alice : bob;
      times.push(ago(30 + i * 60));
      ids.push(await log(who, { Call: `G${i}ABC`, TS: times[i] }));
    }
    await alice.call('GET', '/main_public_feed'); // Alice waits for her own writes; Bob's reads below wait for his.
    const items = await feed(bob);
    expect(items).toHaveLength(QSO_FEED_SIZE);
    expect(items.map((i) => i.entity_id)).toEqual(ids.slice(0, QSO_FEED_SIZE));
    expect(items.every((i) => i.qdo_id === i.entity_id)).toBe(true);

    const newest = items[0]!; // logged first, by Alice (i = 0)
    expect(newest).toMatchObject({
      call: 'G0ABC',
      station_callsign: 'W1AW',
      poster_name: 'Alice Example',
      poster_image_name: 'missing.JPG',
      band: '20m',
      mode: 'FT8',
      freq: 14074.123,
      ContestName: '',
      TimeAgo: 'just now',
      created_at: times[0],
    });
    // The time and the time since are the QSO's, not the log's (all of them were logged seconds ago).
    expect(items[1]).toMatchObject({ call: 'G1ABC', station_callsign: 'K1JT', created_at: times[1], TimeAgo: '1 minute ago' });
    expect(items[3]).toMatchObject({ created_at: times[3], TimeAgo: '3 minutes ago' });
    // A visitor reads the same list.
    expect((await feed(visitor)).map((i) => i.entity_id)).toEqual(items.map((i) => i.entity_id));
  });

  it('masks the frequency of a contest QSO (ContestName longer than 4 characters) and not of others', async () => {
    const contest = await log(bob, { Call: 'OH2XYZ', ContestName: 'CQ-WW-CW', Mode: 'CW', Freq: 14025 });
    const short = await log(bob, { Call: 'OH2XYY', ContestName: 'ARRL', Mode: 'CW', Freq: 14026 });
    const items = await feed(bob);
    expect(items.find((i) => i.entity_id === contest)).toMatchObject({ freq: null, ContestName: 'CQ-WW-CW' });
    expect(items.find((i) => i.entity_id === short)).toMatchObject({ freq: 14026, ContestName: 'ARRL' });
  });

  it('drops a deleted QSO from every list; editing a QSO keeps its place; logging it again after a delete puts it back first', async () => {
    const first = await log(alice, { Call: 'EA8AB', Freq: 7074 });
    const secondTs = fresh();
    const second = await log(alice, { Call: 'EA8AC', TS: secondTs, Freq: 7074 });
    expect((await feed(alice)).slice(0, 2).map((i) => i.entity_id)).toEqual([second, first]);

    expect((await alice.post('/vqso/update', { qdo_id: first, Comment: 'edited later' })).status).toBe(200);
    expect((await feed(alice)).slice(0, 2).map((i) => i.entity_id)).toEqual([second, first]);

    expect((await alice.post('/vqso/nuke', { qdo_id: second })).status).toBe(200);
    const afterDelete = await feed(alice);
    expect(afterDelete.map((i) => i.entity_id)).not.toContain(second);
    expect(afterDelete[0]!.entity_id).toBe(first);
    expect((await arcs(alice)).map((a) => a.entity_id)).not.toContain(second);

    const again = await log(alice, { Call: 'EA8AC', TS: secondTs, Freq: 7074 });
    expect(again).toBe(second);
    expect((await feed(alice))[0]!.entity_id).toBe(second);
  });

  it('counts QSOs per band among the newest n live QSOs, and refuses a bad n with a clear message', async () => {
    await log(bob, { Call: 'JA1AAZ', Freq: 14074 });
    await log(bob, { Call: 'JA1AAA', Freq: 7074 });
    await log(bob, { Call: 'JA1AAB', Freq: 7075 });
    await log(bob, { Call: 'JA1AAC', Freq: 3573 });
    const last3 = await bob.call<BandStatsAnswer>('GET', '/vbandstats/3');
    expect(last3.status).toBe(200);
    expect(last3.body.bands).toEqual([{ band: '40m', count: 2 }, { band: '80m', count: 1 }]);
    const last4 = await visitor.call<BandStatsAnswer>('GET', '/vbandstats/4');
    expect(last4.body.bands).toEqual([{ band: '40m', count: 2 }, { band: '20m', count: 1 }, { band: '80m', count: 1 }]);
    const all = await visitor.call<BandStatsAnswer>('GET', `/vbandstats/${BAND_STATS_MAX}`);
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rm_qsos WHERE NOT deleted');
    expect(all.body.bands.reduce((sum, b) => sum + b.count, 0)).toBe(rows[0]!.n);

    for (const bad of ['0', `${BAND_STATS_MAX + 1}`, 'abc', '1.5', '-3']) {
      const res = await visitor.call<{ message: string }>('GET', `/vbandstats/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe(`The number of QSOs must be a whole number from 1 to ${BAND_STATS_MAX}.`);
    }
  });

  it('draws arcs from the station (its grid, else its callsign) to the QSO position (its LAT/LON, else its entity), no-store', async () => {
    const withPosition = await log(alice, { Call: 'VK2ABC', LAT: -33.5, LON: 151.25 });
    const fromEntity = await log(bob, { Call: 'ZS6ABC' });
    const res = await visitor.call<GlobeArcsAnswer>('GET', '/globe/arcs');
    await bob.call('GET', '/globe/arcs');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const all = await arcs(bob);
    expect(new Set(all.map((a) => a.entity_id)).size).toBe(all.length);

    const alicesGrid = gridSquareCenter('FN31pr')!;
    const vk = all.find((a) => a.entity_id === withPosition)!;
    expect(vk.from).toEqual({ lat: alicesGrid.lat, lon: alicesGrid.lon, call: 'W1AW', label: 'FN31pr' });
    expect(vk.to).toMatchObject({ lat: -33.5, lon: 151.25, call: 'VK2ABC' });
    expect(vk.meta).toMatchObject({ band: '20m', mode: 'FT8' });

    // Bob set no grid: his end is his callsign's entity (K1JT: the USA).
    const k1jt = resolveCallsign('K1JT')!;
    const zs = all.find((a) => a.entity_id === fromEntity)!;
    expect(zs.from).toEqual({ lat: k1jt.lat, lon: k1jt.lon, call: 'K1JT', label: k1jt.country });
    // The upsert filled LAT/LON from the callsign; without them the entity's position is used.
    await pool.query('UPDATE rm_qsos SET lat = NULL, lon = NULL WHERE qdo_id = $1', [fromEntity]);
    const southAfrica = dxccEntity(resolveCallsign('ZS6ABC')!.dxcc)!;
    const again = (await arcs(bob)).find((a) => a.entity_id === fromEntity)!;
    expect(again.to).toMatchObject({ lat: southAfrica.latitude, lon: southAfrica.longitude, call: 'ZS6ABC' });
  });

  it('leaves out of every list the QSOs whose own time is over an hour old or over five minutes ahead, and from the globe those it cannot place', async () => {
    const lastHour = await log(bob, { Call: 'PY1ABE', TS: ago(59 * 60) });
    const tooOld = await log(bob, { Call: 'PY1ABC', TS: ago(61 * 60) });
    const ahead = await log(bob, { Call: 'PY1ABF', TS: isoSecond(Date.now() + 4 * 60_000) }); // a clock running fast
    const tooFarAhead = await log(bob, { Call: 'PY1ABG', TS: isoSecond(Date.now() + 6 * 60_000) });
    const nowhere = await log(bob, { Call: 'PY1ABD' });
    expect((await arcs(bob)).map((a) => a.entity_id)).toContain(nowhere); // Bob's read waits for his writes: the row is there
    await pool.query('UPDATE rm_qsos SET lat = NULL, lon = NULL, dxcc = 0 WHERE qdo_id = $1', [nowhere]);

    const arcIds = (await arcs(bob)).map((a) => a.entity_id);
    expect(arcIds).toEqual(expect.arrayContaining([lastHour, ahead]));
    for (const id of [tooOld, tooFarAhead, nowhere]) expect(arcIds).not.toContain(id);

    const feedIds = (await feed(bob)).map((i) => i.entity_id);
    expect(feedIds.slice(0, 2)).toEqual([ahead, nowhere]);
    for (const id of [tooOld, tooFarAhead]) expect(feedIds).not.toContain(id);

    const bands = (await bob.call<BandStatsAnswer>('GET', `/vbandstats/${BAND_STATS_MAX}`)).body.bands;
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rm_qsos WHERE NOT deleted');
    expect(bands.reduce((sum, b) => sum + b.count, 0)).toBe(rows[0]!.n - 2);
  });

  it('reads the live QSOs on the rm_qsos_live index, one range of QSO times, on a million-QSO logbook with a big import just logged', async () => {
    // A million more QSOs, all logged just now, a tenth deleted (the last test: the lists above are done): a contest
    // hour's worth live (100,000 in the last hour) and an import of 900,000 older ones over five years. As logged
    // QSOs are, nearly all are placed (the logging rules fill the DXCC entity from the call).
    await pool.query(
      `INSERT INTO rm_qsos (qdo_id, station_user_id, station_callsign, position, deleted, ts, logged_at, call, freq_hz, band, mode, dxcc)
       SELECT 'bulk-' || i, 'bulk-user-' || (i % 500), 'K' || (i % 500) || 'BLK', 0, i % 10 = 0,
              CASE WHEN i <= 100000 THEN now() - i * interval '35 milliseconds' ELSE now() - interval '2 hours' - i * interval '157 seconds' END,
              now(), CASE WHEN i <= 100000 THEN 'LIVE' ELSE 'IMP' END || i, 14074000, '20m', 'FT8', CASE WHEN i % 20 = 0 THEN 0 ELSE 230 END
       FROM generate_series(1, 1000000) AS i`,
    );
    await pool.query('ANALYZE rm_qsos');
    const window = liveQsoWindow(new Date());
    for (const [name, read] of [
      ['feed', (p: pg.Pool) => latestLiveQsos(p, window, QSO_FEED_SIZE)],
      ['band stats', (p: pg.Pool) => bandStatsOfLive(p, window, BAND_STATS_MAX)],
      ['globe', (p: pg.Pool) => latestLiveForGlobe(p, window, 400)],
    ] as const) {
      const plan = await planOf(read);
      expect(plan, `${name}\n${plan}`).toMatch(/Index Scan using rm_qsos_live on rm_qsos/);
      expect(plan, `${name}\n${plan}`).toMatch(/Index Cond: \(\(ts >= .*\) AND \(ts < .*\)\)/);
      expect(plan, `${name}\n${plan}`).not.toMatch(/Seq Scan on rm_qsos|Bitmap Heap Scan on rm_qsos/);
    }
    const items = await feed(visitor);
    expect(items).toHaveLength(QSO_FEED_SIZE);
    expect(items.some((i) => i.call.startsWith('LIVE'))).toBe(true);
    expect(items.some((i) => i.call.startsWith('IMP'))).toBe(false);
  }, 180_000);

  /** The plan of the statement a read sends (EXPLAIN of the very text and parameters). */
  async function planOf(read: (p: pg.Pool) => Promise<unknown>): Promise<string> {
    let plan = '';
    const explaining = {
      query: async (text: string, values: unknown[]) => {
        const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, values);
        plan = rows.map((r) => r['QUERY PLAN']).join('\n');
        return { rows: [] };
      },
    };
    await read(explaining as unknown as pg.Pool);
    return plan;
  }
});
