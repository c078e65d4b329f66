/**
 * The client side of a websocket, as little of it as a load generator needs: the upgrade by hand
 * (offering permessage-deflate or not), the server's frames cut out of the byte stream, pings
 * answered, and compressed payloads inflated. Thousands of watchers receive the same frames, so
 * decoding is left to the caller, who can do it once per distinct payload.
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { constants, inflateRawSync } from 'node:zlib';

export const OPCODE_TEXT = 0x1;
export const OPCODE_CLOSE = 0x8;
export const OPCODE_PING = 0x9;

export interface Frame {
  opcode: number;
  /** RSV1: the payload is deflated (permessage-deflate). */
  compressed: boolean;
  payload: Buffer;
}

/** Cuts server frames (unmasked, unfragmented) out of the chunks a socket delivers. */
export class FrameReader {
  private pending: Buffer | null = null;

  constructor(private readonly onFrame: (frame: Frame) => void) {}

  push(chunk: Buffer): void {
    const data = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    let at = 0;
    while (data.length - at >= 2) {
      const b0 = data[at]!;
      let length = data[at + 1]! & 0x7f;
      let header = 2;
      if (length === 126) {
        if (data.length - at < 4) break;
        length = data.readUInt16BE(at + 2);
        header = 4;
      } else if (length === 127) {
        if (data.length - at < 10) break;
        length = Number(data.readBigUInt64BE(at + 2));
        header = 10;
      }
      if (data.length - at < header + length) break;
      this.onFrame({ opcode: b0 & 0x0f, compressed: (b0 & 0x40) !== 0, payload: data.subarray(at + header, at + header + length) });
      at += header + length;
    }
    // A copy, so a small leftover does not keep a large chunk alive.
    this.pending = at < data.length ? Buffer.from(data.subarray(at)) : null;
  }
}

/** A masked control frame from the client (a client's frames must be masked; a zero mask will do). */
export function clientControlFrame(opcode: number, payload: Buffer): Buffer {
  return Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | payload.length, 0, 0, 0, 0]), payload]);
}

const DEFLATE_TAIL = Buffer.from([0x00, 0x00, 0xff, 0xff]);

/** A permessage-deflate payload inflated (RFC 7692 §7.2.2: the tail the sender removed put back). */
export function inflatePayload(payload: Buffer): Buffer {
  return inflateRawSync(Buffer.concat([payload, DEFLATE_TAIL]), { finishFlush: constants.Z_SYNC_FLUSH });
}

export interface RawWatcher {
  socket: Socket;
  /** The Sec-WebSocket-Extensions the server agreed to ('' for none). */
  extensions: string;
}

/**
 * Opens a websocket on `url`/ws by hand. Frames go to `onFrame` with the time they arrived;
 * pings are answered; `onBytes` counts every byte after the upgrade; `onClose` is called when an
 * opened socket closes (a refused upgrade only rejects).
 */
export function openRawWatcher(
  url: string,
  options: { deflate: boolean; onFrame: (frame: Frame, at: number) => void; onBytes: (n: number) => void; onClose?: () => void },
): Promise<RawWatcher> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.setNoDelay(true);
    let head: Buffer | null = Buffer.alloc(0);
    let arrivedAt = 0;
    const reader = new FrameReader((frame) => {
      if (frame.opcode === OPCODE_PING) socket.write(clientControlFrame(0xa, frame.payload));
      else options.onFrame(frame, arrivedAt);
    });
    socket.once('error', reject);
    // A no-op once the upgrade has resolved.
    socket.once('close', () => reject(new Error('closed before the upgrade')));
    socket.on('data', (chunk: Buffer) => {
      arrivedAt = performance.timeOrigin + performance.now();
      if (head === null) {
        options.onBytes(chunk.length);
        reader.push(chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      const text = head.subarray(0, end).toString('latin1');
      const rest = head.subarray(end + 4);
      head = null;
      if (!/^HTTP\/1\.1 101/.test(text)) {
        socket.destroy();
        reject(new Error(`upgrade refused: ${text.split('\r\n')[0]}`));
        return;
      }
      socket.removeListener('error', reject);
      socket.on('error', () => socket.destroy());
      // Only a socket that opened can close: a refused or failed upgrade is the caller's rejection alone.
      socket.on('close', () => options.onClose?.());
      const extensions = /^sec-websocket-extensions:\s*(.*)$/im.exec(text)?.[1]?.trim() ?? '';
      resolve({ socket, extensions });
      if (rest.length > 0) {
        options.onBytes(rest.length);
        reader.push(rest);
      }
    });
    const offer = options.deflate ? 'Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n' : '';
    socket.write(
      `GET /ws HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n${offer}\r\n`,
    );
  });
}
