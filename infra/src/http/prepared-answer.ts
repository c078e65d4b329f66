import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * An answer many readers get (an embed page, a news page, the client's index.html): its bytes,
 * their hash, and for a 200 the same bytes compressed once for every reader that accepts br or
 * gzip. Sending one costs no encoding, no compression and no new buffer per request.
 */
export interface PreparedAnswer {
  status: number;
  bodies: { identity: Buffer; br?: Buffer; gzip?: Buffer };
  hash: string;
}

export const HTML = 'text/html; charset=utf-8';
export const JSON_TYPE = 'application/json; charset=utf-8';

/** Prepares `body`; only a 200 is compressed (an error page is small and rare). */
export function prepareAnswer(status: number, body: string): PreparedAnswer {
  const identity = Buffer.from(body, 'utf8');
  const hash = createHash('sha1').update(identity).digest('base64url');
  if (status !== 200) return { status, bodies: { identity }, hash };
  const br = brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } });
  return { status, bodies: { identity, br, gzip: gzipSync(identity, { level: 6 }) }, hash };
}

export type ContentCoding = 'br' | 'gzip';

/**
 * The coding to send among `offered`, by the caller's Accept-Encoding: brotli on a tie, since
 * browsers list gzip first ('gzip, deflate, br') without preferring it; 'identity' when the
 * caller names none of them (or sends no header: scripts and companion apps).
 */
export function preferredEncoding(header: string | string[] | undefined, offered: readonly ContentCoding[]): ContentCoding | 'identity' {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text) return 'identity';
  const quality = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    if (name) quality.set(name, Number.isFinite(value) ? value : 0);
  }
  const of = (coding: string) => quality.get(coding) ?? quality.get('*') ?? 0;
  let best: ContentCoding | 'identity' = 'identity';
  let bestQ = 0;
  for (const coding of ['br', 'gzip'] as const) {
    if (!offered.includes(coding)) continue;
    const q = of(coding);
    if (q > bestQ) [best, bestQ] = [coding, q];
  }
  return best;
}

/** Whether the caller holds `etag` already (If-None-Match), unless it asks not to be served from cache. */
export function callerHas(req: IncomingMessage, etag: string): boolean {
  const match = req.headers['if-none-match'];
  if (!match || /(?:^|,)\s*no-cache\s*(?:,|$)/i.test(req.headers['cache-control'] ?? '')) return false;
  if (match.trim() === '*') return true;
  return match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Adds Accept-Encoding to Vary once, whatever is there already. */
function varyOnEncoding(res: ServerResponse): void {
  const vary = res.getHeader('Vary');
  const text = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(text)) res.setHeader('Vary', text ? `${text}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Sends it as `contentType` in the encoding the reader accepts, with an ETag per encoding and a
 * 304 for a reader that has this 200 already. Headers such as Cache-Control are the caller's.
 * Plain Node types: express's answers and the fast lane's (fast-lane.ts) go out the same way.
 */
export function sendPrepared(req: IncomingMessage, res: ServerResponse, answer: PreparedAnswer, contentType: string): void {
  const offered = (['br', 'gzip'] as const).filter((coding) => answer.bodies[coding]);
  const chosen = offered.length ? preferredEncoding(req.headers['accept-encoding'], offered) : 'identity';
  const etag = `"${answer.hash}${chosen === 'identity' ? '' : `-${chosen}`}"`;
  res.setHeader('ETag', etag);
  varyOnEncoding(res);
  if (answer.status === 200 && callerHas(req, etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  // Set before the app's compression middleware looks: it leaves an encoded answer alone.
  if (chosen !== 'identity') res.setHeader('Content-Encoding', chosen);
  const body = answer.bodies[chosen] ?? answer.bodies.identity;
  res.statusCode = answer.status;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', body.length);
  res.end(body);
}
