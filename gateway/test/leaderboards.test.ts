/**
 * The leaderboards end to end on the embedded default (in-process stream, PostgreSQL
 * aggregates): QSOs logged, edited and deleted through the API move the lists of
 * GET /api/vleaderboards; a station that asks to be left out leaves every list; POST /api/vopofday
 * answers the day's top operators.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEADERBOARD_LISTS, type LeaderboardEntry, type LeaderboardsAnswer, type OperatorsOfTheDayAnswer } from '@hamlog/domain';
import { ApiClient, startTestServer, type TestServer } from './server-harness';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DAY = 86_400_000;

/** Polls until `found` holds (the stream consumer and the shared answer lag a little); answers the last read. */
async function boardsWhen(client: ApiClient, found: (a: LeaderboardsAnswer) => boolean): Promise<LeaderboardsAnswer> {
  const deadline = Date.now() + 20_000;
  let answer = (await client.call<LeaderboardsAnswer>('GET', '/vleaderboards')).body;
  while (!found(answer) && Date.now() < deadline) {
    await sleep(150);
    answer = (await client.call<LeaderboardsAnswer>('GET', '/vleaderboards')).body;
  }
  return answer;
}

const entries = (...pairs: [string, number][]): LeaderboardEntry[] => pairs.map(([station_callsign, count]) => ({ station_callsign, count }));
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** The settings form (name, email, QTH and grid are required) with the leaderboards switch. */
const carolsForm = (exclude: 0 | 1) => ({ name: 'Carol', email: 'carol-lb@example.com', qth: 'Sydney', grid: 'QF56', exclude_from_leaderboards: exclude });

describe('leaderboards and operators of the day (embedded runtime, real PostgreSQL)', () => {
  let t: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let carol: ApiClient;
  let anon: ApiClient;
  let aliceId: string;
  let bobId: string;
  /** A few minutes before now, never before today's UTC midnight. */
  let base: number;
  const at = (seconds: number) => new Date(base + seconds * 1000).toISOString().slice(0, 19) + 'Z';

  beforeAll(async () => {
    // Keep the whole test inside one UTC day: start again after midnight when it is close.
    const toMidnight = DAY - (Date.now() % DAY);
    if (toMidnight < 120_000) await sleep(toMidnight + 1_000);
    base = Math.max(Date.now() - 5 * 60_000, Date.now() - (Date.now() % DAY));
    t = await startTestServer();
    alice = new ApiClient(t.url);
    bob = new ApiClient(t.url);
    carol = new ApiClient(t.url);
    anon = new ApiClient(t.url);
    aliceId = await alice.signUp('alice-lb@example.com', 'W1AW');
    bobId = await bob.signUp('bob-lb@example.com', 'K1JT');
    await carol.signUp('carol-lb@example.com', 'VK2CAR');
  }, 60_000);

  afterAll(async () => t?.stop());

  let aliceCw = '';
  let aliceSsb = '';

  it('answers every list, empty before any QSO, to anyone', async () => {
    const res = await anon.call<LeaderboardsAnswer>('GET', '/vleaderboards');
    expect(res.status).toBe(200);
    for (const list of LEADERBOARD_LISTS) expect(res.body[list], list).toEqual([]);
    expect(Date.parse(res.body.generated_at)).toBeGreaterThan(0);
    const operators = await anon.post<OperatorsOfTheDayAnswer>('/vopofday');
    expect(operators.status).toBe(200);
    expect(operators.body).toEqual({ operators: [] });
  });

  it('counts logged QSOs in every list they belong to, with the hot and pile-up definitions', async () => {
    aliceCw = (await alice.post<{ qdo_id: string }>('/vqso/upsert', { data: { Call: 'DL1AA', TS: at(60), Freq: 7010, Mode: 'CW' } })).body.qdo_id;
    aliceSsb = (await alice.post<{ qdo_id: string }>('/vqso/upsert', { data: { Call: 'G4BB', TS: at(30), Freq: 14250, Mode: 'SSB' } })).body.qdo_id;
    await bob.post('/vqso/upsert', { data: { Call: 'DL1AA', TS: at(10), Freq: 14074, Mode: 'FT8' } });
    await carol.post('/vqso/upsert', { data: { Call: 'DL1AA', TS: at(20), Freq: 14074, Mode: 'FT8' } });
    await carol.post('/vqso/upsert', { data: { Call: 'JA1CC', TS: at(40), Freq: 14074, Mode: 'FT8' } });

    const answer = await boardsWhen(anon, (a) => a.lb1.length === 3);
    expect(answer.lb1).toEqual(entries(['VK2CAR', 2], ['W1AW', 2], ['K1JT', 1]));
    expect(answer.lb_last_60_minutes).toEqual(answer.lb1);
    expect(answer.lb3).toEqual(answer.lb1);
    expect(answer.lbcw1).toEqual(entries(['W1AW', 1]));
    expect(answer.lb_voice1).toEqual(entries(['W1AW', 1]));
    expect(answer.leader_board_2_data).toEqual(entries(['VK2CAR', 2], ['K1JT', 1]));
    expect(answer.lb_sstv1).toEqual([]);
    expect(answer.lb_hot_now_1).toEqual([
      { station_callsign: 'VK2CAR', band: '20m', mode: 'FT8', count: 2 },
      { station_callsign: 'K1JT', band: '20m', mode: 'FT8', count: 1 },
      { station_callsign: 'W1AW', band: '20m', mode: 'SSB', count: 1 },
      { station_callsign: 'W1AW', band: '40m', mode: 'CW', count: 1 },
    ]);
    // Two distinct calls each; the latest QSO gives mode and kHz (W1AW's is the CW one at 7010).
    expect(answer.lb_hot_now_2).toEqual([
      { station_callsign: 'VK2CAR', mode: 'FT8', freq: 14074, count: 2 },
      { station_callsign: 'W1AW', mode: 'CW', freq: 7010, count: 2 },
    ]);
    expect(answer.lb_hot_now_3).toEqual([
      { station_callsign: 'DL1AA', call: 'DL1AA', count: 3 },
      { station_callsign: 'G4BB', call: 'G4BB', count: 1 },
      { station_callsign: 'JA1CC', call: 'JA1CC', count: 1 },
    ]);
  }, 30_000);

  it('moves an edited QSO to the boards it belongs to now, and drops a deleted one', async () => {
    // The CW QSO becomes an SSB QSO of two days ago: out of today and CW, still in 7 days' voice.
    const twoDaysAgo = new Date(base - 2 * DAY).toISOString().slice(0, 19) + 'Z';
    expect((await alice.post('/vqso/update', { qdo_id: aliceCw, TS: twoDaysAgo, Mode: 'SSB', Freq: 14200 })).status).toBe(200);
    let answer = await boardsWhen(anon, (a) => a.lbcw1.length === 0);
    expect(answer.lbcw1).toEqual([]);
    expect(answer.lb1).toEqual(entries(['VK2CAR', 2], ['K1JT', 1], ['W1AW', 1]));
    expect(answer.lb_voice2).toEqual(entries(['W1AW', 2]));
    expect(answer.lb2).toEqual(entries(['VK2CAR', 2], ['W1AW', 2], ['K1JT', 1]));

    expect((await alice.post('/vqso/nuke', { qdo_id: aliceSsb })).status).toBe(200);
    answer = await boardsWhen(anon, (a) => same(a.lb_voice2, entries(['W1AW', 1])));
    expect(answer.lb_voice2).toEqual(entries(['W1AW', 1]));
    expect(answer.lb1).toEqual(entries(['VK2CAR', 2], ['K1JT', 1]));
    expect(answer.lb_hot_now_3.find((e) => e.call === 'G4BB')).toBeUndefined();
  }, 30_000);

  it('answers the operators of the day with who they are', async () => {
    await bob.post('/vqso/upsert', { data: { Call: 'OH2BH', TS: at(50), Freq: 7074, Mode: 'FT8' } });
    await bob.post('/vqso/upsert', { data: { Call: 'SM5XX', TS: at(55), Freq: 7074, Mode: 'FT8' } });
    await boardsWhen(anon, (a) => same(a.lb1, entries(['K1JT', 3], ['VK2CAR', 2])));
    const deadline = Date.now() + 10_000;
    let operators = (await anon.post<OperatorsOfTheDayAnswer>('/vopofday')).body.operators;
    while (operators[0]?.qso_count !== 3 && Date.now() < deadline) {
      await sleep(150);
      operators = (await anon.post<OperatorsOfTheDayAnswer>('/vopofday')).body.operators;
    }
    expect(operators.map((o) => [o.rank, o.user.my_callsign, o.qso_count])).toEqual([
      [1, 'K1JT', 3],
      [2, 'VK2CAR', 2],
    ]);
    expect(operators[0]!.user).toEqual({ id: bobId, my_callsign: 'K1JT', name: '', profile_image_name: 'missing.JPG' });
    expect(operators.some((o) => o.user.id === aliceId)).toBe(false); // her QSOs of today are gone
  }, 30_000);

  it('leaves a station that asked for it out of every list and of the operators of the day', async () => {
    expect((await carol.post('/vupdateprofile', carolsForm(1))).status).toBe(200);
    const answer = await boardsWhen(anon, (a) => !JSON.stringify(a).includes('VK2CAR'));
    expect(JSON.stringify(answer)).not.toContain('VK2CAR');
    expect(answer.lb1).toEqual(entries(['K1JT', 3]));
    expect(answer.lb_hot_now_3.find((e) => e.call === 'JA1CC')).toBeUndefined();
    const deadline = Date.now() + 10_000;
    let operators = (await anon.post<OperatorsOfTheDayAnswer>('/vopofday')).body.operators;
    while (operators.length !== 1 && Date.now() < deadline) {
      await sleep(150);
      operators = (await anon.post<OperatorsOfTheDayAnswer>('/vopofday')).body.operators;
    }
    expect(operators.map((o) => o.user.my_callsign)).toEqual(['K1JT']);

    expect((await carol.post('/vupdateprofile', carolsForm(0))).status).toBe(200);
    const back = await boardsWhen(anon, (a) => JSON.stringify(a).includes('VK2CAR'));
    expect(back.lb1).toEqual(entries(['K1JT', 3], ['VK2CAR', 2]));
  }, 30_000);
});
