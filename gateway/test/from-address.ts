/** Calls from a chosen loopback address (127.0.0.x), so one test plays several clients the server tells apart by address. */
import { request, type Agent } from 'node:http';
import type { Answer } from './server-harness';

export interface FromOptions {
  /** The local address the connection comes from, e.g. '127.0.0.2' (the whole 127/8 is loopback on Linux). */
  from: string;
  token?: string;
  headers?: Record<string, string>;
  /** Connections opened beforehand and kept for reuse (by default each call opens its own). */
  agent?: Agent;
}

/** A call to `path` on the server (e.g. '/api/vlogin', '/healthz'), with `body` as JSON when there is one. */
export function callFrom<T = Record<string, unknown>>(base: string, method: 'GET' | 'POST', path: string, body: unknown, options: FromOptions): Promise<Answer<T>> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }), ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { method, headers, localAddress: options.from, agent: options.agent ?? false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') answerHeaders.set(name, value);
        const json = text !== '' && (res.headers['content-type'] ?? '').includes('json');
        resolve({ status: res.statusCode ?? 0, body: (json ? JSON.parse(text) : {}) as T, headers: answerHeaders });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

export const postFrom = <T = Record<string, unknown>>(base: string, path: string, body: unknown, options: FromOptions): Promise<Answer<T>> =>
  callFrom<T>(base, 'POST', `/api${path}`, body, options);
