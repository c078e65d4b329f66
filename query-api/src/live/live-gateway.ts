/**
 * The live websocket's work, wherever it runs (decision 0053): sockets on /ws get a snapshot, then
 * at most one frame per tick with what changed (LiveTicker), the same bytes written to every
 * socket. A socket that cannot keep up skips ticks and gets a snapshot when it has caught up; one
 * that makes no progress for stallMs, or stops answering pings, is closed. Memory per socket stays
 * under maxQueuedBytes plus one frame, and a slow reader never delays the others.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { FeedUserCard } from '@hamlog/domain/community/api-shapes';
import { LIVE_TICK_MS } from '@hamlog/domain/live/live-frames';
import { refuseUpgrade } from '@hamlog/infra/http/upgrades';
import type { Logger } from '@hamlog/infra/observability/logger';
import { LiveFrame } from './live-frame';
import { LiveTicker } from './live-ticker';

export interface LiveGatewayOptions {
  logger: Logger;
  /** How often changes go out (LIVE_TICK_MS). */
  tickMs?: number;
  /** How often each socket is pinged; one that has not answered the previous ping by then is closed. */
  heartbeatMs?: number;
  /** Bytes queued for a socket beyond which it skips ticks. */
  maxQueuedBytes?: number;
  /** A socket over maxQueuedBytes whose queue has not shrunk for this long is closed. */
  stallMs?: number;
  now?: () => number;
}

/** What an upgrade needs of its request (a plain object when the socket came from another process). */
export interface UpgradeRequest {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
}

export interface LiveGatewayStats {
  clients: number;
  /** Ticks not written to a socket that was behind. */
  skippedTicks: number;
  /** Sockets closed by the gateway, by reason. */
  dropped: { slow: number; 'no-pong': number };
  /** Frames written, and their bytes, over all sockets. */
  frames: number;
  bytes: number;
  /** Sockets that agreed to permessage-deflate. */
  deflating: number;
}

const HEARTBEAT_MS = 30_000;
const MAX_QUEUED_BYTES = 64 * 1024;
const STALL_MS = 15_000;
/** A client's frame larger than this closes its socket (1009); smaller ones are read and ignored. */
const MAX_CLIENT_PAYLOAD = 1024;
/** On close, sockets whose close handshake has not finished by then are cut. */
const CLOSE_GRACE_MS = 2_000;
const GOING_AWAY = 1001;

interface Peer {
  raw: Socket;
  deflate: boolean;
  /** Skipped a tick: gets a snapshot instead of the next batch. */
  behind: boolean;
  /** Answered the last ping (or just connected). */
  alive: boolean;
  /** Queued bytes at the last tick it was over the limit, and since when the queue has not shrunk. */
  queuedAtCheck: number;
  stalledSince: number | null;
}

export class LiveGateway {
  private readonly ticker: LiveTicker;
  private readonly peers = new Map<WebSocket, Peer>();
  private readonly wss: WebSocketServer;
  private readonly tickTimer: NodeJS.Timeout;
  private readonly heartbeatTimer: NodeJS.Timeout;
  private readonly now: () => number;
  private readonly maxQueued: number;
  private readonly stallMs: number;
  private snapshotFrame: { text: string; frame: LiveFrame } | null = null;
  private anyBehind = false;
  private closing = false;
  private readonly counts = { skippedTicks: 0, slow: 0, noPong: 0, frames: 0, bytes: 0 };

  constructor(private readonly options: LiveGatewayOptions) {
    this.now = options.now ?? Date.now;
    this.ticker = new LiveTicker(this.now);
    this.maxQueued = options.maxQueuedBytes ?? MAX_QUEUED_BYTES;
    this.stallMs = options.stallMs ?? STALL_MS;
    // Each message compressed on its own (no context kept), so one compressed frame suits every socket.
    this.wss = new WebSocketServer({
      noServer: true,
      clientTracking: false,
      maxPayload: MAX_CLIENT_PAYLOAD,
      perMessageDeflate: { serverNoContextTakeover: true, clientNoContextTakeover: true },
    });
    this.tickTimer = setInterval(() => this.tick(), options.tickMs ?? LIVE_TICK_MS);
    this.heartbeatTimer = setInterval(() => this.heartbeat(), options.heartbeatMs ?? HEARTBEAT_MS);
    this.heartbeatTimer.unref();
  }

  seed(cards: readonly FeedUserCard[]): void {
    this.ticker.seed(cards);
  }

  offer(cards: readonly FeedUserCard[]): void {
    this.ticker.offer(cards);
  }

  /** Takes a /ws upgrade (the caller has checked the path); 503 while closing. */
  acceptUpgrade(req: UpgradeRequest, socket: Duplex, head: Buffer): void {
    if (this.closing) return refuseUpgrade(socket, 503);
    this.wss.handleUpgrade(req as IncomingMessage, socket, head, (ws) => this.accept(ws));
  }

  clientCount(): number {
    return this.peers.size;
  }

  stats(): LiveGatewayStats {
    let deflating = 0;
    for (const peer of this.peers.values()) if (peer.deflate) deflating += 1;
    const { skippedTicks, slow, noPong, frames, bytes } = this.counts;
    return { clients: this.peers.size, skippedTicks, dropped: { slow, 'no-pong': noPong }, frames, bytes, deflating };
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    clearInterval(this.tickTimer);
    clearInterval(this.heartbeatTimer);
    const sockets = [...this.peers.keys()];
    const cutOff = setTimeout(() => {
      for (const ws of sockets) ws.terminate();
    }, CLOSE_GRACE_MS);
    await Promise.all(
      sockets.map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === WebSocket.CLOSED) return resolve();
            ws.once('close', () => resolve());
            ws.close(GOING_AWAY, 'Server stopping');
          }),
      ),
    );
    clearTimeout(cutOff);
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private accept(ws: WebSocket): void {
    const raw = (ws as unknown as { _socket: Socket })._socket;
    const peer: Peer = { raw, deflate: ws.extensions.includes('permessage-deflate'), behind: false, alive: true, queuedAtCheck: 0, stalledSince: null };
    this.peers.set(ws, peer);
    ws.on('pong', () => (peer.alive = true));
    ws.on('error', (error) => {
      this.options.logger.debug({ err: error }, 'websocket client error');
      ws.terminate();
    });
    ws.on('close', () => this.peers.delete(ws));
    this.write(peer, this.snapshot());
  }

  private tick(): void {
    const text = this.ticker.tick();
    const batch = text === null ? null : new LiveFrame(text);
    if (!batch && !this.anyBehind) return;
    const now = this.now();
    let anyBehind = false;
    for (const [ws, peer] of this.peers) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      const queued = peer.raw.writableLength;
      if (queued > this.maxQueued) {
        if (batch) {
          peer.behind = true;
          this.counts.skippedTicks += 1;
        }
        if (queued < peer.queuedAtCheck || peer.stalledSince === null) peer.stalledSince = now;
        peer.queuedAtCheck = queued;
        if (now - peer.stalledSince >= this.stallMs) {
          this.counts.slow += 1;
          ws.terminate();
          continue;
        }
        anyBehind ||= peer.behind;
        continue;
      }
      peer.stalledSince = null;
      if (peer.behind) {
        peer.behind = false;
        this.write(peer, this.snapshot());
      } else if (batch) {
        this.write(peer, batch);
      }
    }
    this.anyBehind = anyBehind;
  }

  private snapshot(): LiveFrame {
    const text = this.ticker.snapshot();
    if (this.snapshotFrame?.text !== text) this.snapshotFrame = { text, frame: new LiveFrame(text) };
    return this.snapshotFrame.frame;
  }

  /**
   * Straight to the socket under the websocket: ws's own sender writes each frame at once and
   * queues nothing while we never call send(), so whole frames never interleave with its pings.
   */
  private write(peer: Peer, frame: LiveFrame): void {
    const bytes = frame.for(peer.deflate);
    peer.raw.write(bytes);
    this.counts.frames += 1;
    this.counts.bytes += bytes.length;
  }

  private heartbeat(): void {
    for (const [ws, peer] of this.peers) {
      if (!peer.alive) {
        this.counts.noPong += 1;
        ws.terminate();
        continue;
      }
      peer.alive = false;
      ws.ping();
    }
  }
}
