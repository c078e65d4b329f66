import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';

/**
 * An answer many readers get (an embed page, a news page): its bytes, their hash, and for a 200
 * the same bytes compressed once for every reader that accepts br or gzip. Sending one costs no
 * encoding, no compression and no new buffer per request.
 */
export interface PreparedAnswer {
  status: number;
  bodies: { identity: Buffer; br?: Buffer; gzip?: Buffer };
  hash: string;
}

/** Prepares `body`; only a 200 is compressed (an error page is small and rare). */
export function prepareAnswer(status: number, body: string): PreparedAnswer {
  const identity = Buffer.from(body, 'utf8');
  const hash = createHash('sha1').update(identity).digest('base64url');
  if (status !== 200) return { status, bodies: { identity }, hash };
  const br = brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } });
  return { status, bodies: { identity, br, gzip: gzipSync(identity, { level: 6 }) }, hash };
}

/**
 * Sends it as `type` in the encoding the reader accepts (brotli first), with an ETag per encoding
 * and a 304 for a reader that has this 200 already. Headers such as Cache-Control are the caller's.
 */
export function sendPrepared(req: Request, res: Response, answer: PreparedAnswer, type: string): void {
  const encoding = answer.bodies.br && req.headers['accept-encoding'] ? req.acceptsEncodings('br', 'gzip', 'identity') : 'identity';
  const chosen = encoding === 'br' || encoding === 'gzip' ? encoding : 'identity';
  res.setHeader('ETag', `"${answer.hash}${chosen === 'identity' ? '' : `-${chosen}`}"`);
  res.vary('Accept-Encoding');
  if (answer.status === 200 && req.fresh) {
    res.status(304).end();
    return;
  }
  // Set before the app's compression middleware looks: it leaves an encoded answer alone.
  if (chosen !== 'identity') res.setHeader('Content-Encoding', chosen);
  res.status(answer.status).type(type).send(answer.bodies[chosen]);
}
