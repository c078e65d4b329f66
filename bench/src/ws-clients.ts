/** Websocket listeners for the live benchmarks: many clients on /ws, each message handed to a callback. */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import WebSocket from 'ws';
import type { PublicRigDataMessage } from '@hamlog/domain';

export interface Listeners {
  /** Clients whose connection is open. */
  open(): number;
  close(): Promise<void>;
}

const parsedFrames = new Map<string, PublicRigDataMessage | null>();

/**
 * The rig-data message in a frame, or null for anything else (double-encoded JSON is unwrapped).
 * Thousands of clients receive the same frame: it is parsed once, so the generator's own work
 * does not swamp what is measured.
 */
export function rigData(frame: string): PublicRigDataMessage | null {
  let message = parsedFrames.get(frame);
  if (message === undefined) {
    if (parsedFrames.size > 1_000) parsedFrames.clear();
    message = parseRigData(frame);
    parsedFrames.set(frame, message);
  }
  return message;
}

function parseRigData(frame: string): PublicRigDataMessage | null {
  try {
    let value: unknown = JSON.parse(frame);
    if (typeof value === 'string') value = JSON.parse(value);
    const message = value as Partial<PublicRigDataMessage>;
    return message.environment === 'prod' && message.type === 'public-rig-data' && message.user ? (message as PublicRigDataMessage) : null;
  } catch {
    return null;
  }
}

/**
 * Opens `count` clients on `${url}/ws`, `concurrency` connection attempts at a time, and resolves
 * once all are open. `onMessage(client, frame, receivedAt)` sees every frame.
 */
export async function openListeners(
  url: string,
  count: number,
  onMessage: (client: number, frame: string, receivedAt: number) => void,
  concurrency = 200,
): Promise<Listeners> {
  const wsUrl = `${url.replace(/^http/, 'ws')}/ws`;
  const sockets: WebSocket[] = [];
  let next = 0;
  const connectOne = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(wsUrl, { perMessageDeflate: false });
      sockets[index] = socket;
      socket.on('message', (data) => onMessage(index, data.toString(), performance.now()));
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await connectOne(next++);
    }),
  );
  return {
    open: () => sockets.filter((s) => s.readyState === WebSocket.OPEN).length,
    async close() {
      await Promise.all(
        sockets.map(
          (s) =>
            new Promise<void>((resolve) => {
              if (s.readyState === WebSocket.CLOSED) return resolve();
              s.once('close', () => resolve());
              s.terminate();
            }),
        ),
      );
    },
  };
}

/** A station that reports its rig by API key (POST /api/radio, the Cloudlog call). */
export interface Station {
  callsign: string;
  apiKey: string;
}

/**
 * Bare websocket listeners for the 10,000-client fan-out: a TCP socket each, the upgrade done by
 * hand, and every later chunk handed over as bytes (the frames are not parsed). The generator
 * shares this machine's two cores with the server, so it spends as little as it can per message:
 * what is measured is when the update's bytes reach each client's socket.
 */
export async function openRawListeners(
  url: string,
  count: number,
  onData: (client: number, chunk: Buffer, receivedAt: number) => void,
  concurrency = 200,
): Promise<Listeners> {
  const { hostname, port } = new URL(url);
  const sockets: Socket[] = [];
  let next = 0;
  const connectOne = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const socket = connect({ host: hostname, port: Number(port) });
      sockets[index] = socket;
      let upgraded = false;
      socket.once('error', reject);
      socket.on('data', (chunk: Buffer) => {
        const at = performance.now();
        if (upgraded) return onData(index, chunk, at);
        const end = chunk.indexOf('\r\n\r\n');
        if (!chunk.subarray(0, 12).toString().includes('101')) return reject(new Error(`upgrade refused: ${chunk.subarray(0, 40).toString()}`));
        upgraded = true;
        resolve();
        if (end + 4 < chunk.length) onData(index, chunk.subarray(end + 4), at);
      });
      socket.write(
        `GET /ws HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await connectOne(next++);
    }),
  );
  return {
    open: () => sockets.filter((s) => !s.destroyed).length,
    async close() {
      for (const s of sockets) s.destroy();
    },
  };
}
