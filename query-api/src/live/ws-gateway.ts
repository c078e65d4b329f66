/**
 * The websocket gateway at /ws (DESIGN.md §4): every live rig update published on the fan-out goes
 * to every connected client as it came, `{environment: 'prod', type: 'public-rig-data', user}`.
 * No login: it carries only what the public feed shows. Clients send nothing the server uses.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { LIVE_RIG_CHANNEL, LIVE_SOCKET_PATH } from '@hamlog/domain/community/rules';
import { refuseUpgrade, upgradePath, type AttachedToServer } from '@hamlog/infra/http/upgrades';
import type { Logger } from '@hamlog/infra/observability/logger';
import { Counter, Gauge, type MetricsRegistry } from '@hamlog/infra/observability/metrics';
import type { FanOut } from '@hamlog/infra/ports/jobs';

export interface LiveSocketOptions {
  fanOut: FanOut;
  logger: Logger;
  metrics?: MetricsRegistry;
  /** How often each socket is pinged; one that has not answered the previous ping by then is dropped. */
  heartbeatMs?: number;
  /**
   * Bytes queued for a socket beyond which it is skipped (gets no more messages); still over the
   * limit at two heartbeats running, it is dropped. One slow reader cannot grow the server's memory.
   */
  maxBufferedBytes?: number;
}

export interface LiveSocket extends AttachedToServer {
  /** Sockets open now. */
  clientCount(): number;
}

const HEARTBEAT_MS = 30_000;
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** A client's frame larger than this closes its socket (1009); smaller ones are read and ignored. */
const MAX_CLIENT_PAYLOAD = 1024;
/** On stop, sockets whose close handshake has not finished by then are cut. */
const CLOSE_GRACE_MS = 2_000;
const GOING_AWAY = 1001;

interface Peer {
  /** Answered the last ping (or just connected). */
  alive: boolean;
  /** Over the buffered limit at the last heartbeat. */
  wasOver: boolean;
}

/** Serves /ws on `server`'s upgrades (other paths get 404) and forwards LIVE_RIG_CHANNEL to every socket. */
export async function attachLiveSocket(server: Server, options: LiveSocketOptions): Promise<LiveSocket> {
  const { fanOut, logger } = options;
  const maxBuffered = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  const peers = new Map<WebSocket, Peer>();
  const wss = new WebSocketServer({ noServer: true, clientTracking: false, maxPayload: MAX_CLIENT_PAYLOAD, perMessageDeflate: false });
  const skipped = new Counter('live_socket_skipped_messages_total', 'Messages not sent to a websocket client too far behind');
  const dropped = new Counter('live_socket_dropped_clients_total', 'Websocket clients cut off, by reason');
  if (options.metrics) {
    options.metrics.register(new Gauge('live_socket_clients', 'Websocket clients connected to /ws', async () => [{ labels: {}, value: peers.size }]));
    options.metrics.register(skipped);
    options.metrics.register(dropped);
  }
  let closing = false;

  // Framed once per message; every socket is written the same bytes (text frame, no compression).
  const broadcast = (message: string): void => {
    if (peers.size === 0) return;
    const frame = textFrame(message);
    for (const socket of peers.keys()) {
      if (socket.readyState !== WebSocket.OPEN) continue;
      if (socket.bufferedAmount > maxBuffered) {
        skipped.inc();
        continue;
      }
      writeFrame(socket, frame);
    }
  };
  const unsubscribe = await fanOut.subscribe(LIVE_RIG_CHANNEL, broadcast);

  const accept = (socket: WebSocket): void => {
    const peer: Peer = { alive: true, wasOver: false };
    peers.set(socket, peer);
    socket.on('pong', () => (peer.alive = true));
    socket.on('error', (error) => {
      logger.debug({ err: error }, 'websocket client error');
      socket.terminate();
    });
    socket.on('close', () => peers.delete(socket));
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    if (upgradePath(req) !== LIVE_SOCKET_PATH) return refuseUpgrade(socket, 404);
    if (closing) return refuseUpgrade(socket, 503);
    wss.handleUpgrade(req, socket, head, accept);
  };
  server.on('upgrade', onUpgrade);

  const heartbeat = setInterval(() => {
    for (const [socket, peer] of peers) {
      const over = socket.bufferedAmount > maxBuffered;
      if (!peer.alive || (over && peer.wasOver)) {
        dropped.inc({ reason: peer.alive ? 'slow' : 'no-pong' });
        socket.terminate();
        continue;
      }
      peer.alive = false;
      peer.wasOver = over;
      socket.ping();
    }
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  return {
    clientCount: () => peers.size,
    async close() {
      if (closing) return;
      closing = true;
      clearInterval(heartbeat);
      // The upgrade listener stays: late upgrades get 503 instead of falling through to the HTTP handler.
      await unsubscribe();
      const cutOff = setTimeout(() => {
        for (const socket of peers.keys()) socket.terminate();
      }, CLOSE_GRACE_MS);
      await Promise.all(
        [...peers.keys()].map(
          (socket) =>
            new Promise<void>((resolve) => {
              if (socket.readyState === WebSocket.CLOSED) return resolve();
              socket.once('close', () => resolve());
              socket.close(GOING_AWAY, 'Server stopping');
            }),
        ),
      );
      clearTimeout(cutOff);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** An unmasked, final text frame (RFC 6455 §5.2, what a server sends), built once for all sockets. */
export function textFrame(message: string): Buffer {
  const payload = Buffer.from(message);
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81; // FIN + text
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}

/**
 * Writes a ready frame straight to the socket under the websocket: with compression off, ws's
 * own sender writes each frame at once and queues nothing, so whole frames never interleave.
 * Per-socket framing (socket.send) was most of a 10,000-client broadcast's cost.
 */
function writeFrame(socket: WebSocket, frame: Buffer): void {
  const raw = (socket as unknown as { _socket: Duplex | null })._socket;
  if (raw) raw.write(frame);
}
