/**
 * GET /api/vstats end to end on the embedded default (in-process stream, PostgreSQL counters):
 * QSOs logged, edited, deleted and restored through the API move the signed-in station's
 * statistics, and nobody sees another station's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StationStatsAnswer } from '@hamlog/domain';
import { ApiClient, startTestServer, type TestServer } from './server-harness';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `found` holds (the counters follow the stream consumer); answers the last read. */
async function statsWhen(client: ApiClient, found: (a: StationStatsAnswer) => boolean): Promise<StationStatsAnswer> {
  const deadline = Date.now() + 20_000;
  let answer = (await client.call<StationStatsAnswer>('GET', '/vstats')).body;
  while (!found(answer) && Date.now() < deadline) {
    await sleep(100);
    answer = (await client.call<StationStatsAnswer>('GET', '/vstats')).body;
  }
  return answer;
}

const countOf = <K extends string>(list: ({ count: number } & Record<K, unknown>)[], key: K, value: unknown) =>
  list.find((item) => item[key] === value)?.count ?? 0;

describe('GET /api/vstats (embedded runtime, real PostgreSQL)', () => {
  let t: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let anon: ApiClient;
  let cw = '';
  let ft8 = '';

  beforeAll(async () => {
    t = await startTestServer();
    alice = new ApiClient(t.url);
    bob = new ApiClient(t.url);
    anon = new ApiClient(t.url);
    await alice.signUp('alice-stats@example.com', 'W1AW');
    await bob.signUp('bob-stats@example.com', 'K1JT');
  }, 60_000);

  afterAll(async () => t?.stop());

  it('refuses visitors and answers an empty log with zeros', async () => {
    expect((await anon.call('GET', '/vstats')).status).toBe(401);
    const res = await alice.call<StationStatsAnswer>('GET', '/vstats');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 0, bands: [], modes: [], years: [], dxcc: { worked: 0, bands: [], entities: [] } });
    expect(res.body.hours).toHaveLength(24);
    expect(res.body.continents.map((c) => c.continent)).toEqual(['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA']);
  });

  it('counts logged QSOs per band, mode, continent, year, UTC hour and DXCC entity per band', async () => {
    cw = (await alice.post<{ qdo_id: string }>('/vqso/upsert', { data: { Call: 'DL1ABC', TS: '2023-03-04T05:06:07Z', Freq: 7010, Mode: 'CW' } })).body.qdo_id;
    ft8 = (await alice.post<{ qdo_id: string }>('/vqso/upsert', { data: { Call: 'JA1XYZ', TS: '2024-07-08T13:00:00Z', Freq: 14074, Mode: 'FT8' } })).body.qdo_id;
    await alice.post('/vqso/upsert', { data: { Call: 'JA2ABC', TS: '2024-07-08T13:30:00Z', Freq: 14080, Mode: 'FT4' } });
    await bob.post('/vqso/upsert', { data: { Call: 'VK2XX', TS: '2024-07-08T13:30:00Z', Freq: 21074, Mode: 'FT8' } });

    const stats = await statsWhen(alice, (a) => a.total === 3);
    expect(stats.total).toBe(3);
    expect(stats.bands).toEqual([{ band: '40m', count: 1 }, { band: '20m', count: 2 }]);
    expect(stats.modes).toEqual([{ mode: 'CW', count: 1 }, { mode: 'FT4', count: 1 }, { mode: 'FT8', count: 1 }]);
    expect(countOf(stats.continents, 'continent', 'AS')).toBe(2);
    expect(countOf(stats.continents, 'continent', 'EU')).toBe(1);
    expect(stats.years).toEqual([{ year: 2023, count: 1 }, { year: 2024, count: 2 }]);
    expect(countOf(stats.hours, 'hour', 13)).toBe(2);
    expect(countOf(stats.hours, 'hour', 5)).toBe(1);
    expect(stats.dxcc.worked).toBe(2);
    expect(stats.dxcc.bands).toEqual([{ band: '40m', worked: 1 }, { band: '20m', worked: 1 }]);
    expect(stats.dxcc.entities.map((e) => [e.name, e.count, e.bands])).toEqual([
      ['Fed. Rep. of Germany', 1, [{ band: '40m', count: 1 }]],
      ['Japan', 2, [{ band: '20m', count: 2 }]],
    ]);

    const bobs = await statsWhen(bob, (a) => a.total === 1);
    expect(bobs.bands).toEqual([{ band: '15m', count: 1 }]);
  }, 30_000);

  it('counts a QSO in the answer read right after it was logged, by a client that sends no headers', async () => {
    const carol = new ApiClient(t.url);
    await carol.signUp('carol-stats@example.com', 'G4ABC');
    const token = carol.token!;
    for (let i = 0; i < 3; i += 1) {
      const logged = await fetch(`${t.url}/api/vqso/upsert`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data: { Call: 'JA1XYZ', TS: `2024-03-0${i + 1}T1${i}:00:00Z`, Freq: '14074', Mode: 'FT8' } }),
      });
      expect(logged.status).toBeLessThan(300);
      const stats = await fetch(`${t.url}/api/vstats`, { headers: { authorization: `Bearer ${token}` } });
      expect(stats.headers.get('x-read-model-stale')).toBeNull();
      expect(((await stats.json()) as StationStatsAnswer).total).toBe(i + 1);
    }
  });

  it('moves the counts when a QSO is edited', async () => {
    expect((await alice.post('/vqso/update', { qdo_id: cw, TS: '2024-01-01T22:00:00Z', Freq: 14025, Mode: 'CW' })).status).toBe(200);
    const stats = await statsWhen(alice, (a) => countOf(a.bands, 'band', '40m') === 0);
    expect(stats.total).toBe(3);
    expect(stats.bands).toEqual([{ band: '20m', count: 3 }]);
    expect(stats.years).toEqual([{ year: 2024, count: 3 }]);
    expect(countOf(stats.hours, 'hour', 5)).toBe(0);
    expect(countOf(stats.hours, 'hour', 22)).toBe(1);
    expect(stats.dxcc.bands).toEqual([{ band: '20m', worked: 2 }]);
  }, 30_000);

  it('takes a deleted QSO out and puts a restored one back', async () => {
    expect((await alice.post('/vqso/nuke', { qdo_id: ft8 })).status).toBe(200);
    let stats = await statsWhen(alice, (a) => a.total === 2);
    expect(stats.total).toBe(2);
    expect(stats.modes.map((m) => m.mode)).toEqual(['CW', 'FT4']);
    expect(countOf(stats.hours, 'hour', 13)).toBe(1);

    expect((await alice.post('/vqso/restore', { qdo_id: ft8 })).status).toBe(200);
    stats = await statsWhen(alice, (a) => a.total === 3);
    expect(stats.total).toBe(3);
    expect(countOf(stats.modes, 'mode', 'FT8')).toBe(1);
  }, 30_000);
});
