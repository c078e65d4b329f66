/**
 * Across instances (issue 19 §6), on the real engines: nginx in front of one command-api and two
 * query-api instances, projectors and two stream processes in one Kafka group, Redis fan-out,
 * ClickHouse aggregates. Watchers connect through nginx like browsers and retry like the web client
 * (websocketRetryDelay).
 */
import { randomBytes } from 'node:crypto';
import { Kafka } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_TICK_MS, websocketRetryDelay, type LiveFrameMessage } from '@hamlog/domain';
import { OPCODE_TEXT, openRawWatcher, type RawWatcher } from '@hamlog/infra/testing/raw-websocket';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';
import { nginxBinary } from '../src/shape/service-processes';
import { ApiClient } from './server-harness';
import { serviceProcesses, type ServiceProcesses } from './service-processes';

const { KAFKA_BROKERS: kafka, CLICKHOUSE_URL: clickhouse, REDIS_URL: redis } = process.env;
const ready = Boolean(kafka && clickhouse && redis && nginxBinary());
if (!ready) {
  if (process.env.CI === 'true') throw new Error('CI needs KAFKA_BROKERS, CLICKHOUSE_URL, REDIS_URL and nginx for the scale-out tests');
  console.log('skipped: scale-out across instances (set KAFKA_BROKERS, CLICKHOUSE_URL, REDIS_URL; install nginx)');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A watcher as the web client keeps one: reconnects after websocketRetryDelay() whenever the socket closes. */
class Watcher {
  frames: LiveFrameMessage[] = [];
  socket: RawWatcher | null = null;
  closes = 0;
  /** When the last close happened, and when the snapshot after it arrived (epoch ms). */
  closedAt = 0;
  backAt = 0;
  private stopped = false;

  /** `keepFrames: false`: only whether a snapshot came (10,000 of them parsing every frame would load the test's own process, not the server). */
  constructor(
    private readonly url: string,
    private readonly keepFrames = true,
  ) {}

  async open(): Promise<void> {
    this.socket = await openRawWatcher(this.url, {
      deflate: false,
      onBytes: () => {},
      onFrame: (frame) => {
        if (frame.opcode !== OPCODE_TEXT) return;
        if (!this.keepFrames) {
          // A snapshot names its type within its first bytes ({"environment":…,"type":"public-rig-snapshot",…).
          if (this.closedAt > this.backAt && frame.payload.subarray(0, 96).includes('"public-rig-snapshot"')) this.backAt = Date.now();
          return;
        }
        const message = JSON.parse(frame.payload.toString()) as LiveFrameMessage;
        if (message.type === 'public-rig-snapshot' && this.closedAt > this.backAt) this.backAt = Date.now();
        this.frames.push(message);
      },
      onClose: () => {
        if (this.stopped) return;
        this.closes += 1;
        this.closedAt = Date.now();
        setTimeout(() => void this.reconnect(), websocketRetryDelay());
      },
    });
  }

  private async reconnect(): Promise<void> {
    while (!this.stopped) {
      try {
        return await this.open();
      } catch {
        await sleep(websocketRetryDelay());
      }
    }
  }

  /** The frequencies of a station's patches, in the order they came (snapshots left out). */
  freqsOf(id: string): number[] {
    return this.frames.filter((f) => f.type === 'public-rig-batch').flatMap((f) => f.users.filter((u) => u.id === id && typeof u.freq === 'number').map((u) => u.freq as number));
  }

  stop(): void {
    this.stopped = true;
    this.socket?.socket.destroy();
  }
}

async function station(front: string, callsign: string): Promise<{ client: ApiClient; id: string; key: string }> {
  const client = new ApiClient(front);
  const id = await client.signUp(`${callsign.toLowerCase()}@example.com`, callsign);
  const key = (await client.call<{ user: { api_key: string } }>('GET', '/vuser')).body.user.api_key;
  return { client, id, key };
}

/** Logs a QSO now every `everyMs` until stopped, as a station does during the whole test; stop() answers every status. */
function keepLogging(client: ApiClient, prefix: string, everyMs: number): { stop(): Promise<number[]> } {
  let going = true;
  const answers: number[] = [];
  const load = (async () => {
    for (let q = 0; going; q += 1) {
      answers.push((await client.post('/vqso/upsert', { data: { Call: `${prefix}${q % 10}K${q}`, TS: new Date().toISOString(), Freq: 14074, Mode: 'FT8' } })).status);
      await sleep(everyMs);
    }
  })();
  return {
    async stop() {
      going = false;
      await load;
      return answers;
    },
  };
}

const metricOf = async (url: string, name: string): Promise<number> => {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer scale-out' } })).text();
  return Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
};

describe.skipIf(!ready)('scale-out: every instance serving, any instance lost', () => {
  let db: TestDatabase;
  let services: ServiceProcesses;
  let front = '';
  let queryApis: string[] = [];
  const namespace = `test-scale-${randomBytes(4).toString('hex')}`;
  const env = () => ({
    ...process.env,
    DATABASE_URL: db.url,
    CLICKHOUSE_DATABASE: `hamlog_${namespace.replace(/-/g, '_')}`,
    STREAM_NAMESPACE: namespace,
    METRICS_TOKEN: 'scale-out',
    LOG_LEVEL: 'warn',
  });
  const watchers: Watcher[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('scale');
    services = serviceProcesses(env());
    await services.start('projectors');
    // Two stream processes: one Kafka group, the partitions split between them.
    await services.start('stream');
    await services.start('stream');
    const commandApi = await services.start('command-api');
    queryApis = [await services.start('query-api'), await services.start('query-api')];
    front = await services.frontDoor([commandApi], queryApis);
  }, 180_000);

  afterAll(async () => {
    for (const w of watchers) w.stop();
    await services?.stop();
    await db?.drop();
  });

  it('gives every watcher every change exactly once, on whichever instance nginx put it', async () => {
    const stations = await Promise.all(['K1AAA', 'K1BBB', 'K1CCC'].map((call) => station(front, call)));
    for (let i = 0; i < 30; i += 1) {
      const w = new Watcher(front);
      await w.open();
      watchers.push(w);
    }
    // nginx spreads them over both instances (each of its workers takes turns on its own, so not always 15 and 15).
    await expect
      .poll(async () => {
        const clients = await Promise.all(queryApis.map((url) => metricOf(url, 'live_socket_clients')));
        return { total: clients.reduce((a, b) => a + b, 0), fewest: Math.min(...clients) };
      })
      .toEqual({ total: 30, fewest: expect.any(Number) });
    const clients = await Promise.all(queryApis.map((url) => metricOf(url, 'live_socket_clients')));
    expect(Math.min(...clients), `sockets per instance: ${clients.join(', ')}`).toBeGreaterThanOrEqual(5);
    const rounds = 8;
    for (let r = 1; r <= rounds; r += 1) {
      await Promise.all(stations.map((s, i) => s.client.post('/radio', { key: s.key, radio: 'IC-7610', frequency: String(14_000_000 + i * 100_000 + r * 100), mode: 'CW', op_mode: '1' })));
      // More than a tick apart: no two changes of a station fall into one tick.
      await sleep(LIVE_TICK_MS * 3);
    }
    for (const [i, s] of stations.entries()) {
      const expected = Array.from({ length: rounds }, (_, r) => (14_000_000 + i * 100_000 + (r + 1) * 100) / 1000);
      await expect.poll(() => watchers.map((w) => w.freqsOf(s.id).at(-1)), { timeout: 10_000 }).toEqual(watchers.map(() => expected.at(-1)));
      for (const w of watchers) expect(w.freqsOf(s.id)).toEqual(expected);
    }
  }, 120_000);

  it('splits the partitions between the two stream processes and counts every QSO once', async () => {
    const admin = new Kafka({ clientId: `${namespace}-admin`, brokers: kafka!.split(',') }).admin();
    await admin.connect();
    try {
      const group = `${namespace}.aggregates-qso-facts-v3`;
      await expect.poll(async () => (await admin.describeGroups([group])).groups[0]?.members.length, { timeout: 30_000 }).toBe(2);
      const stations = await Promise.all(Array.from({ length: 8 }, (_, i) => station(front, `DL${i}SCL`)));
      const logged = new Map<string, number>();
      await Promise.all(
        stations.map(async (s, i) => {
          for (let q = 0; q <= i; q += 1) {
            const answer = await s.client.post('/vqso/upsert', { data: { Call: `OH${q}XYZ`, TS: new Date(Date.now() - q * 60_000).toISOString(), Freq: 7010, Mode: 'CW' } });
            expect(answer.status).toBe(201);
          }
          logged.set(`DL${i}SCL`, i + 1);
        }),
      );
      const board = async () =>
        new Map(((await new ApiClient(front).call<{ lb_last_60_minutes: { station_callsign: string; count: number }[] }>('GET', '/vleaderboards')).body.lb_last_60_minutes ?? []).map((e) => [e.station_callsign, e.count]));
      await expect
        .poll(async () => {
          const counts = await board();
          return [...logged.keys()].map((call) => counts.get(call));
        }, { timeout: 30_000 })
        .toEqual([...logged.values()]);
      // Both members hold partitions of the topic.
      const members = (await admin.describeGroups([group])).groups[0]!.members;
      expect(members).toHaveLength(2);
    } finally {
      await admin.disconnect();
    }
  }, 120_000);

  it('brings the watchers of a killed query-api back on the other within 10 s, while logging goes on and the boards stay right', async () => {
    const victim = services.processes().find((p) => p.url === queryApis[0])!;
    const logger = await station(front, 'W1LOG');
    const logging = keepLogging(logger.client, 'JA', 50);
    const closesBefore = watchers.map((w) => w.closes);
    const killedAt = Date.now();
    await victim.stop('SIGKILL');
    const dropped = () => watchers.filter((w, i) => w.closes > closesBefore[i]!);
    await expect.poll(() => dropped().length, { timeout: 5_000 }).toBeGreaterThan(0);
    await expect.poll(() => dropped().every((w) => w.backAt > killedAt), { timeout: 10_000 }).toBe(true);
    for (const w of dropped()) expect(w.backAt - w.closedAt).toBeLessThan(10_000);
    const answers = await logging.stop();
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter((s) => s !== 201)).toEqual([]);
    // The boards, read through nginx from the instance left, count every QSO once.
    const board = async () => ((await new ApiClient(front).call<{ lb_last_60_minutes: { station_callsign: string; count: number }[] }>('GET', '/vleaderboards')).body.lb_last_60_minutes ?? []);
    await expect.poll(async () => (await board()).find((e) => e.station_callsign === 'W1LOG')?.count, { timeout: 30_000 }).toBe(answers.length);
    expect((await board()).find((e) => e.station_callsign === 'DL7SCL')?.count).toBe(8);
    // It comes back on its port, and nginx sends it work again.
    await services.start('query-api', {}, Number(new URL(victim.url).port));
  }, 120_000);

  it('takes a reconnect storm of 10,000 watchers after a restart of every query-api within 30 s, while logging goes on', async () => {
    for (const w of watchers.splice(0)) w.stop();
    const storm = Array.from({ length: 10_000 }, () => new Watcher(front, false));
    let next = 0;
    await Promise.all(
      Array.from({ length: 200 }, async () => {
        while (next < storm.length) await storm[next++]!.open();
      }),
    );
    watchers.push(...storm);
    const counts = await Promise.all(queryApis.map((url) => metricOf(url, 'live_socket_clients')));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(10_000);
    const logger = await station(front, 'W1STM');
    const logging = keepLogging(logger.client, 'VK', 100);
    // Both instances restart (a deploy): their watchers get 1001 and come back, on whichever is up.
    const restartedAt = Date.now();
    const running = services.processes().filter((p) => p.name === 'query-api' && queryApis.includes(p.url));
    const current = running.filter((p, i) => running.findLastIndex((q) => q.url === p.url) === i);
    const restarts: string[] = [];
    for (const instance of current) {
      const stopping = Date.now();
      await instance.stop();
      const starting = Date.now();
      await services.start('query-api', {}, Number(new URL(instance.url).port));
      restarts.push(`stopped in ${starting - stopping} ms, ready in ${Date.now() - starting} ms`);
    }
    // The storm is timed from the end of the restart (a rolling deploy takes its own few seconds).
    const restartedBy = Date.now();
    // Back: closed by the restart, and a snapshot since the last close (one closed twice counts once it is back the second time).
    const back = () => storm.filter((w) => w.closedAt > restartedAt && w.backAt > w.closedAt).length;
    await expect.poll(back, { timeout: 30_000, interval: 500 }).toBe(storm.length).catch((error: unknown) => {
      const closed = storm.filter((w) => w.closes > 0).length;
      const open = storm.filter((w) => w.socket && !w.socket.socket.destroyed).length;
      const closes = storm.map((w) => w.closes).sort((a, b) => b - a);
      throw new Error(`${back()} back, ${closed} closed at least once (most closes ${closes[0]}), ${open} open now; query-api restarts: ${restarts.join('; ')}: ${String(error)}`);
    }).finally(() => logging.stop().catch(() => undefined));
    const lastBack = Math.max(...storm.map((w) => w.backAt));
    console.log(`reconnect storm: query-api restarts: ${restarts.join('; ')}; every watcher back ${lastBack - restartedBy} ms after the restart ended (${lastBack - restartedAt} ms after the first stop)`);
    expect(lastBack - restartedBy).toBeLessThan(30_000);
    const answers = await logging.stop();
    expect(answers.length).toBeGreaterThan(10);
    expect(answers.filter((s) => s !== 201)).toEqual([]);
  }, 180_000);
});
