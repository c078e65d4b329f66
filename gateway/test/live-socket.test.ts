/**
 * The websocket gateway at /ws (issues 10 and 19): on the one-process default (in a process of its
 * own), behind the front door (nginx), and across query-api instances sharing fan-out through Redis.
 */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CARDS_CHANNEL, type FeedUserCard, type LiveCardsMessage, type LiveFrameMessage } from '@hamlog/domain';
import { attachLiveSocket, type LiveSocket } from '@hamlog/query-api';
import { readConfig } from '@hamlog/infra/config/config';
import { RedisFanOut } from '@hamlog/infra/jobs/bullmq-jobs';
import { createLogger } from '@hamlog/infra/observability/logger';
import type { FanOut } from '@hamlog/infra/ports/jobs';
import { openFanOut } from '@hamlog/infra/runtime/adapters';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';
import { startTestServer, TEST_METRICS_TOKEN, type TestServer } from './server-harness';
import { serviceProcesses, type ServiceProcesses } from './service-processes';

const CARD: FeedUserCard = {
  id: 'u-1',
  name: 'Hiram',
  my_callsign: 'W1AW',
  profile_image_name: 'missing.JPG',
  mode: 'USB',
  prop_mode: '',
  is_live: false,
  is_online: true,
  is_admin: false,
  sub: false,
  on_freq: true,
  op_mode: 2,
  contesting: false,
  ptt_down: false,
  rig_name: 'IC-7300',
  azimuth: null,
  elevation: null,
  activation_type: '',
  activation_ref: '',
  freq: 14_250,
  rig_reported_at: '2025-06-01T12:00:00Z',
};

/** A rig update as the live state publishes it, told apart by its frequency. */
function rigUpdate(freq: number): string {
  const message: LiveCardsMessage = { cards: [{ ...CARD, freq }] };
  return JSON.stringify(message);
}

/** The frames a client received, parsed. */
const framesOf = (client: LiveClient): LiveFrameMessage[] => client.messages.map((m) => JSON.parse(m) as LiveFrameMessage);
/** The frequencies of W1AW each batch carried, in order. */
const freqsOf = (client: LiveClient): (number | null | undefined)[] =>
  framesOf(client).filter((f) => f.type === 'public-rig-batch').flatMap((f) => f.users.filter((u) => u.id === CARD.id).map((u) => u.freq));

interface LiveClient {
  socket: WebSocket;
  /** Every text message received, in order. */
  messages: string[];
  /** The close code and reason, once closed. */
  closed: Promise<{ code: number; reason: string }>;
}

/** Connects to a websocket and records what arrives; rejects with the server's answer when refused. */
async function connect(url: string, headers: Record<string, string> = {}): Promise<LiveClient> {
  const socket = new WebSocket(url, { headers });
  const messages: string[] = [];
  socket.on('message', (data, isBinary) => messages.push(isBinary ? '<binary>' : data.toString()));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, messages, closed };
}

/** Waits (bounded) until every client has received `count` messages. */
async function received(clients: LiveClient[], count = 1): Promise<void> {
  await expect.poll(() => clients.map((c) => c.messages.length), { timeout: 5_000 }).toEqual(clients.map(() => count));
}

const quietly = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const wsUrl = (httpUrl: string, path = '/ws') => `${httpUrl.replace(/^http/, 'ws')}${path}`;

describe('the websocket at /ws on the one-process default', () => {
  let t: TestServer;
  let fanOut: FanOut;
  let stopped = false;

  beforeAll(async () => {
    t = await startTestServer();
    // The test servers run without Redis (server-harness): the same configuration, the same in-process bus.
    fanOut = openFanOut(readConfig({ ...process.env, REDIS_URL: '' }));
  });
  afterAll(async () => {
    await fanOut?.close();
    if (!stopped) await t?.stop();
  });

  it('greets a visitor with no login with a snapshot, then sends the rig updates in batches', async () => {
    const [a, b] = [await connect(wsUrl(t.url)), await connect(wsUrl(`${t.url}`, '/ws?from=home'))];
    await received([a!, b!]);
    expect(framesOf(a!)[0]).toMatchObject({ environment: 'prod', type: 'public-rig-snapshot', users: [] });
    await fanOut.publish(LIVE_CARDS_CHANNEL, rigUpdate(14_250));
    await received([a!, b!], 2);
    expect(framesOf(a!)[1]).toMatchObject({ environment: 'prod', type: 'public-rig-batch', users: [CARD] });
    expect(b!.messages[1]).toEqual(a!.messages[1]);
    await fanOut.publish(LIVE_CARDS_CHANNEL, rigUpdate(14_251));
    await received([a!, b!], 3);
    expect(framesOf(b!)[2]).toMatchObject({ type: 'public-rig-batch', users: [{ id: CARD.id, freq: 14_251 }] });
    // Other channels are not its business.
    await fanOut.publish('something-else', rigUpdate(7_074));
    await quietly(300);
    expect(a!.messages).toHaveLength(3);
    a!.socket.close();
    b!.socket.close();
  });

  it('ignores what a client sends: garbage gets nothing back and the client stays served', async () => {
    const client = await connect(wsUrl(t.url));
    client.socket.send('{"type":"subscribe"');
    client.socket.send(randomBytes(300));
    client.socket.send('');
    await quietly(300);
    expect(framesOf(client).map((f) => f.type)).toEqual(['public-rig-snapshot']);
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    await fanOut.publish(LIVE_CARDS_CHANNEL, rigUpdate(3_573));
    await received([client], 2);
    expect(freqsOf(client)).toEqual([3_573]);
    client.socket.close();
  });

  it('closes a client that sends a large frame (1009), since clients have nothing to say', async () => {
    const client = await connect(wsUrl(t.url));
    client.socket.send('x'.repeat(64 * 1024));
    expect((await client.closed).code).toBe(1009);
  });

  it('refuses an upgrade on any other path', async () => {
    for (const path of ['/', '/api/ws', '/wss', '/ws/x']) {
      await expect(connect(wsUrl(t.url, path)), path).rejects.toThrow(/404/);
    }
  });

  it('counts the connected clients in /metrics', async () => {
    const gauge = async () => {
      const text = await (await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } })).text();
      return Number(/^live_socket_clients (\d+)$/m.exec(text)?.[1]);
    };
    await expect.poll(gauge).toBe(0);
    const clients = [await connect(wsUrl(t.url)), await connect(wsUrl(t.url)), await connect(wsUrl(t.url))];
    await expect.poll(gauge).toBe(3);
    clients[0]!.socket.close();
    await expect.poll(gauge).toBe(2);
    for (const c of clients) c.socket.close();
    await expect.poll(gauge).toBe(0);
  });

  it('closes every client with 1001 (going away) when the server stops', async () => {
    const clients = [await connect(wsUrl(t.url)), await connect(wsUrl(t.url))];
    const started = Date.now();
    stopped = true;
    await t.stop();
    for (const c of clients) expect(await c.closed).toEqual({ code: 1001, reason: 'Server stopping' });
    // The open sockets did not hold the stop up until the 10 s cut-off.
    expect(Date.now() - started).toBeLessThan(8_000);
  });
});

describe('the front door (nginx) passes /ws on to query-api', () => {
  let queryApi: Server;
  let live: LiveSocket;
  let fanOut: FanOut;
  let services: ServiceProcesses;
  let gateway = '';
  const upgrades: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    // query-api's websocket on a bare server in this process, so the test can publish to it and see what the gateway sent.
    fanOut = openFanOut(readConfig({ ...process.env, REDIS_URL: '' }));
    queryApi = createServer();
    queryApi.on('upgrade', (req) => upgrades.push(req.headers));
    queryApi.listen(0, '127.0.0.1');
    await once(queryApi, 'listening');
    live = await attachLiveSocket(queryApi, { fanOut, logger: createLogger('test') });
    const address = queryApi.address();
    const target = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    services = serviceProcesses({ ...process.env, LOG_LEVEL: 'warn' });
    gateway = await services.frontDoor([target], [target]);
  }, 60_000);
  afterAll(async () => {
    await services?.stop();
    await live?.close();
    await fanOut?.close();
    queryApi?.close();
  });

  it('forwards the upgrade with the address nginx saw, and the client receives updates', async () => {
    const client = await connect(wsUrl(gateway), { 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '203.0.113.9' });
    expect(upgrades.at(-1)).toMatchObject({ 'x-forwarded-for': expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$/), 'x-real-ip': expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$/), 'x-forwarded-proto': 'http', upgrade: 'websocket' });
    await expect.poll(() => live.clientCount()).toBe(1);
    await fanOut.publish(LIVE_CARDS_CHANNEL, rigUpdate(21_074));
    await received([client], 2);
    await fanOut.publish(LIVE_CARDS_CHANNEL, rigUpdate(21_075));
    await received([client], 3);
    expect(freqsOf(client)).toEqual([21_074, 21_075]);
    // Closing at the client's end ends query-api's socket too.
    client.socket.close();
    await expect.poll(() => live.clientCount()).toBe(0);
  });
});

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) {
  if (process.env.CI === 'true') throw new Error('CI needs REDIS_URL for the websocket fan-out across query-api instances');
  console.log('skipped: websocket fan-out across query-api instances (set REDIS_URL; scripts/redis.sh start)');
}

describe.skipIf(!redisUrl)('two query-api processes share live updates through Redis', () => {
  let db: TestDatabase;
  let services: ServiceProcesses;
  let publisher: RedisFanOut;
  const urls: string[] = [];
  const namespace = `test-live-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    db = await createTestDatabase('live_socket');
    services = serviceProcesses({ ...process.env, DATABASE_URL: db.url, KAFKA_BROKERS: '', CLICKHOUSE_URL: '', EVENTSTORE_URL: '', REDIS_URL: redisUrl, STREAM_NAMESPACE: namespace, LOG_LEVEL: 'warn' });
    // One after the other: the first creates the tables.
    const one = await services.start('query-api');
    urls.push(one, await services.start('query-api'));
    urls.push(await services.frontDoor([one], [one]));
    publisher = new RedisFanOut({ url: redisUrl!, prefix: namespace });
  }, 120_000);
  afterAll(async () => {
    await publisher?.close();
    await services?.stop();
    await db?.drop();
  });

  it('delivers one message published on Redis to a client of each instance, and one through the gateway, once each', async () => {
    const clients = await Promise.all(urls.map((url) => connect(wsUrl(url))));
    await received(clients);
    await publisher.publish(LIVE_CARDS_CHANNEL, rigUpdate(7_150));
    await received(clients, 2);
    await quietly(300);
    for (const c of clients) expect(freqsOf(c)).toEqual([7_150]);

    // SIGTERM: each instance closes its clients (1001) before its HTTP server, not at the 10 s cut-off.
    const direct = clients.slice(0, 2);
    const started = Date.now();
    await services.stop();
    for (const c of direct) expect((await c.closed).code).toBe(1001);
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 30_000);
});
