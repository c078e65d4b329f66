import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

/** Something a service attaches beside HTTP on its server (an upgrade handler), closed before the server. */
export interface AttachedToServer {
  close(): Promise<void>;
}

/** The path of an upgrade request, without its query ('' when the target is not a path). */
export function upgradePath(req: IncomingMessage): string {
  const target = req.url ?? '';
  if (!target.startsWith('/')) return '';
  const query = target.indexOf('?');
  return query === -1 ? target : target.slice(0, query);
}

/** Answers an upgrade nobody takes with a plain HTTP status, and closes the connection. */
export function refuseUpgrade(socket: Duplex, status: number): void {
  // Node's HTTP server leaves an upgraded socket without an error listener: an unheard error would crash.
  socket.on('error', () => socket.destroy());
  if (!socket.writable) return void socket.destroy();
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  // A peer that never reads must not hold the socket open.
  setTimeout(() => socket.destroy(), 1_000).unref();
}
