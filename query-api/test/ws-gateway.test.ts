/** The live websocket's ticks (decision 0053): snapshots, batches of patches, compression, slow readers, heartbeats, metrics. */
import { EventEmitter, once } from 'node:events';
import { createServer, type Server } from 'node:http';
import WebSocket from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_CARDS_CHANNEL, type FeedUserCard, type LiveFrameMessage } from '@hamlog/domain';
import { InProcessFanOut } from '@hamlog/infra/jobs/in-process-jobs';
import { createLogger } from '@hamlog/infra/observability/logger';
import { MetricsRegistry } from '@hamlog/infra/observability/metrics';
import { attachLiveSocket, type LiveSocket, type LiveSocketOptions } from '../src/live/ws-gateway';

const TICK_MS = 50;

function card(id: string, patch: Partial<FeedUserCard> = {}): FeedUserCard {
  return {
    id, name: `Op ${id}`, my_callsign: `K${id.toUpperCase()}`, profile_image_name: 'missing.JPG', mode: 'FT8', prop_mode: '', is_live: false,
    is_online: true, is_admin: false, sub: false, on_freq: true, op_mode: 1, contesting: false, ptt_down: false, rig_name: 'IC-7300',
    azimuth: null, elevation: null, activation_type: '', activation_ref: '', freq: 14074, rig_reported_at: new Date().toISOString(), ...patch,
  };
}

describe('the live websocket gateway', () => {
  let server: Server;
  let bus: EventEmitter;
  let fanOut: InProcessFanOut;
  let metrics: MetricsRegistry;
  let live: LiveSocket | null = null;
  let url = '';

  beforeEach(async () => {
    server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;
    bus = new EventEmitter();
    fanOut = new InProcessFanOut(bus);
    metrics = new MetricsRegistry();
  });
  afterEach(async () => {
    await live?.close();
    live = null;
    await fanOut.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const attach = async (options: Partial<LiveSocketOptions> = {}) => {
    live = await attachLiveSocket(server, { fanOut, logger: createLogger('test'), metrics, tickMs: TICK_MS, ...options });
    return live;
  };
  /** A client and every message it receives, parsed, in order. */
  const open = async (options: WebSocket.ClientOptions = {}) => {
    const socket = new WebSocket(url, { perMessageDeflate: false, ...options });
    const messages: LiveFrameMessage[] = [];
    socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString()) as LiveFrameMessage));
    await once(socket, 'open');
    return { socket, messages };
  };
  const publish = (cards: FeedUserCard[]) => fanOut.publish(LIVE_CARDS_CHANNEL, JSON.stringify({ cards }));
  const metric = async (line: RegExp) => Number(line.exec(await metrics.render())?.[1] ?? 0);

  it('greets a watcher with the stations on the air, then sends one batch per tick with only what changed', async () => {
    await attach({ initialCards: async () => [card('a'), card('b', { on_freq: false, freq: null })] });
    const { socket, messages } = await open();
    await expect.poll(() => messages.length).toBe(1);
    expect(messages[0]).toMatchObject({ environment: 'prod', type: 'public-rig-snapshot', seq: 0 });
    expect(messages[0]!.users.map((u) => u.id)).toEqual(['a']);

    // Three reports of one station within a tick: the latest wins; a report that changes nothing shown is not sent.
    await publish([card('a', { freq: 14075 })]);
    await publish([card('a', { freq: 14076, ptt_down: true })]);
    await publish([card('c', { freq: 7074 })]);
    await expect.poll(() => messages.length).toBe(2);
    const batch = messages[1]!;
    expect(batch.type).toBe('public-rig-batch');
    expect(batch.seq).toBe(1);
    const a = batch.users.find((u) => u.id === 'a')!;
    expect(Object.keys(a).sort()).toEqual(['freq', 'id', 'ptt_down', 'rig_reported_at']);
    expect(a).toMatchObject({ freq: 14076, ptt_down: true });
    expect(batch.users.find((u) => u.id === 'c')).toMatchObject({ my_callsign: 'KC', freq: 7074, on_freq: true });

    await publish([card('a', { freq: 14076, ptt_down: true, rig_reported_at: new Date(Date.now() + 1000).toISOString() })]);
    await new Promise((r) => setTimeout(r, TICK_MS * 4));
    expect(messages).toHaveLength(2);

    // A watcher coming later gets the state as of now, whole.
    const later = await open();
    await expect.poll(() => later.messages.length).toBe(1);
    expect(later.messages[0]).toMatchObject({ type: 'public-rig-snapshot', seq: 1 });
    expect(later.messages[0]!.users.find((u) => u.id === 'a')).toMatchObject({ freq: 14076, ptt_down: true, my_callsign: 'KA' });
    socket.close();
    later.socket.close();
  });

  it('compresses each frame once for every watcher that agreed to permessage-deflate', async () => {
    await attach();
    const plain = await open();
    const deflating = await open({ perMessageDeflate: true });
    expect(deflating.socket.extensions).toContain('permessage-deflate');
    let wireBytes = 0;
    (deflating.socket as unknown as { _socket: NodeJS.ReadableStream })._socket.on('data', (chunk: Buffer) => (wireBytes += chunk.length));
    const cards = Array.from({ length: 200 }, (_, i) => card(`s${i}`, { freq: 14000 + i }));
    await publish(cards);
    await expect.poll(() => deflating.messages.length).toBe(2);
    await expect.poll(() => plain.messages.length).toBe(2);
    expect(deflating.messages[1]).toEqual(plain.messages[1]);
    const plainBytes = Buffer.byteLength(JSON.stringify(plain.messages[1]));
    expect(wireBytes).toBeLessThan(plainBytes / 3);
    expect(await metric(/^live_socket_deflating_clients (\d+)$/m)).toBe(1);
    plain.socket.close();
    deflating.socket.close();
  });

  it('lets a reader that falls behind skip ticks, sends it a snapshot once it catches up, and keeps the others on every tick', async () => {
    await attach({ maxQueuedBytes: 16 * 1024, stallMs: 60_000 });
    const fast = await open();
    const slow = await open();
    const slowRaw = (slow.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    slowRaw.pause();
    // Big batches (every station moves each tick) until the slow one's queue on the server is over the limit.
    let round = 0;
    const padding = 'x'.repeat(2000);
    while ((await metric(/^live_socket_skipped_ticks_total (\d+)$/m)) < 3) {
      round += 1;
      await publish(Array.from({ length: 100 }, (_, i) => card(`s${i}`, { freq: 14000 + round, name: `${padding}${round}` })));
      await new Promise((r) => setTimeout(r, TICK_MS));
      if (round > 2000) throw new Error('the slow reader never fell behind');
    }
    // The fast reader got every batch, in order.
    await expect.poll(() => fast.messages.at(-1)?.seq).toBe(round);
    expect(fast.messages.slice(1).map((m) => m.seq)).toEqual(Array.from({ length: round }, (_, i) => i + 1));
    // The slow reader catches up: what it had queued, then a snapshot with the latest state.
    slowRaw.resume();
    await expect.poll(() => slow.messages.at(-1)?.seq, { timeout: 5_000 }).toBe(round);
    const last = slow.messages.at(-1)!;
    expect(last.type).toBe('public-rig-snapshot');
    expect(slow.messages.filter((m) => m.type === 'public-rig-batch').length).toBeLessThan(round);
    expect(last.users.find((u) => u.id === 's7')).toMatchObject({ freq: 14000 + round });
    expect(slow.socket.readyState).toBe(WebSocket.OPEN);
    fast.socket.close();
    slow.socket.close();
  });

  it('closes a reader that makes no progress for the stall time, while the others go on', async () => {
    const gateway = await attach({ maxQueuedBytes: 16 * 1024, stallMs: 500 });
    const fast = await open();
    const stuck = await open();
    // Paused, it reads nothing, not even the server's close: the server's count tells.
    (stuck.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    const padding = 'y'.repeat(4000);
    let round = 0;
    const pump = setInterval(() => {
      round += 1;
      void publish(Array.from({ length: 50 }, (_, i) => card(`s${i}`, { freq: 7000 + round, name: `${padding}${round}` })));
    }, TICK_MS);
    try {
      await expect.poll(() => gateway.clientCount(), { timeout: 20_000 }).toBe(1);
    } finally {
      clearInterval(pump);
    }
    expect(await metric(/^live_socket_dropped_clients_total\{reason="slow"\} (\d+)$/m)).toBe(1);
    expect(fast.socket.readyState).toBe(WebSocket.OPEN);
    await expect.poll(() => fast.messages.at(-1)?.seq).toBe(round);
    fast.socket.close();
    stuck.socket.terminate();
  });

  it('drops a client that stops answering pings, and keeps one that answers', async () => {
    const gateway = await attach({ heartbeatMs: 100 });
    const answering = await open();
    const silent = await open({ autoPong: false });
    await once(silent.socket, 'close');
    expect(answering.socket.readyState).toBe(WebSocket.OPEN);
    await expect.poll(() => gateway.clientCount()).toBe(1);
    expect(await metric(/^live_socket_dropped_clients_total\{reason="no-pong"\} (\d+)$/m)).toBe(1);
    answering.socket.close();
  });

  it('stops after close: watchers get 1001, new upgrades 503, and the fan-out is left', async () => {
    const gateway = await attach();
    expect(bus.eventNames()).toHaveLength(1);
    const client = await open();
    const closed = once(client.socket, 'close');
    await gateway.close();
    const [code] = (await closed) as [number];
    expect(code).toBe(1001);
    await expect(open()).rejects.toThrow(/503/);
    expect(gateway.clientCount()).toBe(0);
    expect(bus.eventNames()).toEqual([]);
  });
});
