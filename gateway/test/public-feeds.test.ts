/**
 * The public, site-wide reads of logged QSOs (issue 10): the home page's QSO feed, band stats and
 * the globe's arcs, on the embedded default (real PostgreSQL), read by visitors as well as users.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BAND_STATS_MAX,
  dxccEntity,
  gridSquareCenter,
  QSO_FEED_SIZE,
  resolveCallsign,
  type BandStatsAnswer,
  type GlobeArcsAnswer,
  type QsoFeedAnswer,
} from '@hamlog/domain';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { ApiClient, startWithAliceAndBob, type TestServer } from './server-harness';

const qso = (over: Record<string, unknown> = {}) => ({
  data: { Call: 'DL1ABC', TS: '2025-01-01T12:00:30Z', Freq: 14074.123, Mode: 'FT8', SNT: '-10', RCV: '-12', ...over },
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

  it('lists the 35 most recently logged QSOs of the whole site, newest logged first, whatever their QSO time', async () => {
    const ids: string[] = [];
    // Each QSO is older on the air than the one before, so only the logging order puts them newest first.
    for (let i = 0; i < QSO_FEED_SIZE + 2; i += 1) {
      const who = i % 2 === 0 ? alice : bob;
      ids.push(await log(who, { Call: `G${i}ABC`, TS: new Date(Date.UTC(2025, 0, 20, 12, 0, 0) - i * 60_000).toISOString() }));
    }
    await alice.call('GET', '/main_public_feed'); // Alice waits for her own writes; Bob's reads below wait for his.
    const items = await feed(bob);
    expect(items).toHaveLength(QSO_FEED_SIZE);
    expect(items.map((i) => i.entity_id)).toEqual(ids.slice(-QSO_FEED_SIZE).reverse());
    expect(items.every((i) => i.qdo_id === i.entity_id)).toBe(true);

    const newest = items[0]!; // logged by Alice (i = 36)
    expect(newest).toMatchObject({
      call: 'G36ABC',
      station_callsign: 'W1AW',
      poster_name: 'Alice Example',
      poster_image_name: 'missing.JPG',
      band: '20m',
      mode: 'FT8',
      freq: 14074.123,
      ContestName: '',
      TimeAgo: 'just now',
    });
    expect(Date.now() - Date.parse(newest.created_at)).toBeLessThan(60_000);
    expect(items[1]).toMatchObject({ call: 'G35ABC', station_callsign: 'K1JT' });
    // A visitor reads the same list.
    expect((await feed(visitor)).map((i) => i.entity_id)).toEqual(items.map((i) => i.entity_id));
  });

  it('masks the frequency of a contest QSO (ContestName longer than 4 characters) and not of others', async () => {
    const contest = await log(bob, { Call: 'OH2XYZ', TS: '2025-02-01T10:00:00Z', ContestName: 'CQ-WW-CW', Mode: 'CW', Freq: 14025 });
    const short = await log(bob, { Call: 'OH2XYY', TS: '2025-02-01T10:01:00Z', ContestName: 'ARRL', Mode: 'CW', Freq: 14026 });
    const items = await feed(bob);
    expect(items.find((i) => i.entity_id === contest)).toMatchObject({ freq: null, ContestName: 'CQ-WW-CW' });
    expect(items.find((i) => i.entity_id === short)).toMatchObject({ freq: 14026, ContestName: 'ARRL' });
  });

  it('drops a deleted QSO from every list; editing a QSO keeps its place; logging it again after a delete puts it first', async () => {
    const first = await log(alice, { Call: 'EA8AB', TS: '2025-02-02T10:00:00Z', Freq: 7074 });
    const second = await log(alice, { Call: 'EA8AC', TS: '2025-02-02T10:01:00Z', Freq: 7074 });
    expect((await feed(alice)).slice(0, 2).map((i) => i.entity_id)).toEqual([second, first]);

    expect((await alice.post('/vqso/update', { qdo_id: first, Comment: 'edited later' })).status).toBe(200);
    expect((await feed(alice)).slice(0, 2).map((i) => i.entity_id)).toEqual([second, first]);

    expect((await alice.post('/vqso/nuke', { qdo_id: second })).status).toBe(200);
    const afterDelete = await feed(alice);
    expect(afterDelete.map((i) => i.entity_id)).not.toContain(second);
    expect(afterDelete[0]!.entity_id).toBe(first);
    expect((await arcs(alice)).map((a) => a.entity_id)).not.toContain(second);

    const again = await log(alice, { Call: 'EA8AC', TS: '2025-02-02T10:01:00Z', Freq: 7074 });
    expect(again).toBe(second);
    expect((await feed(alice))[0]!.entity_id).toBe(second);
  });

  it('counts QSOs per band among the last n logged, and refuses a bad n with a clear message', async () => {
    await log(bob, { Call: 'JA1AAZ', TS: '2025-03-01T00:00:00Z', Freq: 14074 });
    await log(bob, { Call: 'JA1AAA', TS: '2025-03-01T00:00:30Z', Freq: 7074 });
    await log(bob, { Call: 'JA1AAB', TS: '2025-03-01T00:01:00Z', Freq: 7075 });
    await log(bob, { Call: 'JA1AAC', TS: '2025-03-01T00:02:00Z', Freq: 3573 });
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
    const withPosition = await log(alice, { Call: 'VK2ABC', TS: '2025-04-01T00:00:00Z', LAT: -33.5, LON: 151.25 });
    const fromEntity = await log(bob, { Call: 'ZS6ABC', TS: '2025-04-01T00:01:00Z' });
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

  it('leaves out QSOs logged more than 24 hours ago and QSOs that cannot be placed', async () => {
    const old = await log(bob, { Call: 'PY1ABC', TS: '2025-05-01T00:00:00Z' });
    const nowhere = await log(bob, { Call: 'PY1ABD', TS: '2025-05-01T00:01:00Z' });
    const fresh = await log(bob, { Call: 'PY1ABE', TS: '2025-05-01T00:02:00Z' });
    expect((await arcs(bob)).map((a) => a.entity_id)).toEqual(expect.arrayContaining([old, nowhere, fresh]));
    await pool.query(`UPDATE rm_qsos SET logged_at = now() - interval '25 hours' WHERE qdo_id = $1`, [old]);
    await pool.query('UPDATE rm_qsos SET lat = NULL, lon = NULL, dxcc = 0 WHERE qdo_id = $1', [nowhere]);
    const ids = (await arcs(bob)).map((a) => a.entity_id);
    expect(ids).toContain(fresh);
    expect(ids).not.toContain(old);
    expect(ids).not.toContain(nowhere);
  });

  it('reads the newest logged QSOs on the rm_qsos_logged index, without a scan or a sort, on a busy site', async () => {
    // 20 000 more QSOs over a year (the last test: the lists above are done).
    await pool.query(
      `INSERT INTO rm_qsos (qdo_id, station_user_id, station_callsign, position, deleted, ts, logged_at, call, freq_hz, band, mode)
       SELECT 'bulk-' || i, 'bulk-user-' || (i % 50), 'K' || (i % 50) || 'BLK', 0, i % 10 = 0,
              now() - i * interval '26 minutes', now() - i * interval '26 minutes', 'DL' || i, 14074000, '20m', 'FT8'
       FROM generate_series(1, 20000) AS i`,
    );
    await pool.query('ANALYZE rm_qsos');
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT qdo_id FROM rm_qsos WHERE NOT deleted AND logged_at IS NOT NULL ORDER BY logged_at DESC, qdo_id DESC LIMIT 35`,
    );
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan, plan).toMatch(/Index (Only )?Scan using rm_qsos_logged/);
    expect(plan, plan).not.toMatch(/Sort|Seq Scan/);
    expect((await feed(visitor))[0]!.entity_id).not.toMatch(/^bulk-/); // their newest is 26 minutes old
  });
});
