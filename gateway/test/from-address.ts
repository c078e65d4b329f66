/** Calls from a chosen loopback address (127.0.0.x), so one test plays several clients the server tells apart by address. */
import { request } from 'node:http';
import type { Answer } from './server-harness';

export interface FromOptions {
  /** The local address the connection comes from, e.g. '127.0.0.2' (the whole 127/8 is loopback on Linux). */
  from: string;
  token?: string;
  headers?: Record<string, string>;
}

export function postFrom<T = Record<string, unknown>>(base: string, path: string, body: unknown, options: FromOptions): Promise<Answer<T>> {
  const url = new URL(`/api${path}`, base);
  const payload = JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)), ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers, localAddress: options.from, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') answerHeaders.set(name, value);
        resolve({ status: res.statusCode ?? 0, body: (text ? JSON.parse(text) : {}) as T, headers: answerHeaders });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}
