/**
 * Companion apps' requests to the Cloudlog/Wavelog API, sent byte for byte: node:http keeps the
 * path exactly as given (doubled slashes, /index.php, trailing slashes) and the body as written.
 */
import { request } from 'node:http';
import type { Pool } from '@hamlog/infra/postgres/pool';
import type { ApiClient } from './server-harness';

export interface RawAnswer {
  status: number;
  contentType: string;
  text: string;
  /** The body as JSON (throws when it is none). */
  json<T = Record<string, unknown>>(): T;
  ms: number;
}

export function send(base: string, method: 'GET' | 'POST', path: string, options: { headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<RawAnswer> {
  const url = new URL(base);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text, json: <T>() => JSON.parse(text) as T, ms: Date.now() - started });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** A JSON body with the headers most apps send with it. */
export function postJson(base: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const text = JSON.stringify(body);
  return send(base, 'POST', path, { headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)), ...headers }, body: text });
}

/** The signed-in user's read-write API key. */
export async function apiKeyOf(client: ApiClient): Promise<string> {
  return (await client.call<{ user: { api_key: string } }>('GET', '/vuser')).body.user.api_key;
}

/** A new read-only key of the signed-in user. */
export async function readOnlyKeyOf(client: ApiClient, keyId: string): Promise<string> {
  const answer = await client.post<{ api_keys: { key_id: string; api_key: string }[] }>('/vapikeys/create', { key_id: keyId });
  if (answer.status !== 200) throw new Error(`creating a read-only key failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  const key = answer.body.api_keys.find((k) => k.key_id === keyId)?.api_key;
  if (!key) throw new Error('no read-only key in the answer');
  return key;
}

/** Contacts written to a station's log (from the event log, so at once, not after the projector). */
export async function qsosLoggedFor(pool: Pool, stationUserId: string): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM es_events WHERE type = 'QsoLogged' AND data->>'stationUserId' = $1`, [stationUserId]);
  return Number(rows[0]?.n ?? 0);
}

/** Every event the station's rig stream holds. */
export async function rigEventsOf(pool: Pool, userId: string): Promise<number> {
  const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events WHERE stream_id = $1', [`rig-${userId}`]);
  return Number(rows[0]?.n ?? 0);
}

/** ADIF dates and times of a moment a few minutes ago (the logging rules refuse contacts in the future). */
export function adifMoment(minutesAgo: number): { date: string; time: string } {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  return { date: at.slice(0, 10).replace(/-/g, ''), time: at.slice(11, 19).replace(/:/g, '') };
}

/** One ADIF field, its length in UTF-8 bytes. */
export const field = (name: string, value: string): string => `<${name}:${Buffer.byteLength(value)}>${value}`;
