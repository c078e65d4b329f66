/** The websocket gateway's care of its clients: heartbeats, slow readers, the metrics it keeps. */
import { EventEmitter, once } from 'node:events';
import { createServer, type Server } from 'node:http';
import WebSocket from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_RIG_CHANNEL } from '@hamlog/domain/community/rules';
import { InProcessFanOut } from '@hamlog/infra/jobs/in-process-jobs';
import { createLogger } from '@hamlog/infra/observability/logger';
import { MetricsRegistry } from '@hamlog/infra/observability/metrics';
import { attachLiveSocket, type LiveSocket, type LiveSocketOptions } from '../src/live/ws-gateway';

describe('attachLiveSocket', () => {
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
    live = await attachLiveSocket(server, { fanOut, logger: createLogger('test'), metrics, ...options });
    return live;
  };
  const open = async (options: WebSocket.ClientOptions = {}) => {
    const socket = new WebSocket(url, options);
    await once(socket, 'open');
    return socket;
  };
  const metric = async (line: RegExp) => Number(line.exec(await metrics.render())?.[1] ?? 0);

  it('drops a client that stops answering pings, and keeps one that answers', async () => {
    const gateway = await attach({ heartbeatMs: 100 });
    const answering = await open();
    const silent = await open({ autoPong: false });
    const silentClosed = once(silent, 'close');
    await silentClosed;
    expect(answering.readyState).toBe(WebSocket.OPEN);
    await expect.poll(() => gateway.clientCount()).toBe(1);
    expect(await metric(/^live_socket_dropped_clients_total\{reason="no-pong"\} (\d+)$/m)).toBe(1);
    answering.close();
  });

  it('skips a reader too far behind, then drops it, while the others get every message', async () => {
    const gateway = await attach({ heartbeatMs: 300, maxBufferedBytes: 64 * 1024 });
    const fast = await open();
    let fastBytes = 0;
    fast.on('message', (data: Buffer) => (fastBytes += data.length));
    const slow = await open();
    // The slow client reads nothing: the kernel's buffers fill, then the server's queue.
    (slow as unknown as { _socket: { pause(): void } })._socket.pause();
    const message = JSON.stringify({ environment: 'prod', type: 'public-rig-data', padding: 'x'.repeat(32 * 1024) });
    const count = 400;
    const deadline = Date.now() + 15_000;
    // In step with the fast client (each message read before the next), so only the slow one falls behind.
    for (let i = 1; i <= count; i++) {
      await fanOut.publish(LIVE_RIG_CHANNEL, message);
      while (fastBytes < i * message.length) {
        if (Date.now() > deadline) throw new Error(`the fast client got ${fastBytes} bytes of ${i * message.length}`);
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    expect(await metric(/^live_socket_skipped_messages_total (\d+)$/m)).toBeGreaterThan(0);
    // It cannot answer the ping queued behind what it has not read: it is cut off at a heartbeat.
    await expect.poll(() => gateway.clientCount(), { timeout: 5_000 }).toBe(1);
    expect(await metric(/^live_socket_dropped_clients_total\{reason="(?:slow|no-pong)"\} (\d+)$/m)).toBe(1);
    expect(fast.readyState).toBe(WebSocket.OPEN);
    fast.close();
    slow.terminate();
  });

  it('stops forwarding after close: new upgrades get no socket and the fan-out is left', async () => {
    const gateway = await attach();
    expect(bus.eventNames()).toHaveLength(1);
    const client = await open();
    const closed = once(client, 'close');
    await gateway.close();
    const [code] = (await closed) as [number];
    expect(code).toBe(1001);
    // An upgrade while the server stops is refused.
    await expect(open()).rejects.toThrow(/503/);
    expect(gateway.clientCount()).toBe(0);
    expect(bus.eventNames()).toEqual([]);
  });
});
