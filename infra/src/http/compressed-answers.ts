import compression from 'compression';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { existsSync, readdirSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { preferredEncoding } from './prepared-answer';

/**
 * gzip or brotli for JSON, HTML and other text answers, by what the caller accepts. Images and
 * audio are compressed already (the filter's content-type check leaves them alone); a Range
 * request or a partial answer is never re-encoded, so byte ranges keep meaning the file's bytes.
 */
const compressing: RequestHandler = compression({
  filter: (req: Request, res: Response) => {
    if (req.headers.range || res.getHeader('Content-Range')) return false;
    return compression.filter(req, res);
  },
});

/** Callers that accept no encoding (scripts, companion apps, the bench) skip the wrapper's per-answer hooks. */
export const compressedAnswers: RequestHandler = (req, res, next) => {
  if (req.headers['accept-encoding']) compressing(req, res, next);
  else next();
};

const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * The client's files as the build precompressed them (web/vite-precompress.ts writes a .br and a
 * .gz beside each text asset, at the best levels, once): a caller accepting br or gzip gets those
 * bytes with Content-Encoding and Vary, without compressing on every request. A file the build did
 * not precompress is left to the next handler (the static files, through `compressedAnswers`).
 */
export function precompressedFiles(root: string, options: { maxAge: string }): RequestHandler {
  const available = precompressedUnder(root);
  const serve = express.static(root, { index: false, maxAge: options.maxAge, fallthrough: true });
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range) return next();
    const path = safePath(req.path);
    if (!path) return next();
    const offered = ENCODINGS.filter((e) => available.has(path + e.suffix));
    if (offered.length === 0) return next();
    res.vary('Accept-Encoding');
    const chosen = preferredEncoding(req.headers['accept-encoding'], offered.map((e) => e.name));
    const encoding = offered.find((e) => e.name === chosen);
    if (!encoding) return next();
    const originalUrl = req.url;
    res.type(extname(path));
    res.setHeader('Content-Encoding', encoding.name);
    req.url = `${path}${encoding.suffix}`;
    serve(req, res, () => {
      // The precompressed file went away (a rebuild): answer the plain one instead.
      req.url = originalUrl;
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      next();
    });
  };
}

/** URL path of every .br/.gz file under `root`, as `/assets/index-abc.js.br`. */
function precompressedUnder(root: string): Set<string> {
  const found = new Set<string>();
  if (!existsSync(root)) return found;
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(br|gz)$/.test(entry.name)) continue;
    found.add(`/${relative(root, join(entry.parentPath, entry.name)).split(sep).join('/')}`);
  }
  return found;
}

function safePath(path: string): string | null {
  try {
    const decoded = decodeURIComponent(path);
    return decoded.includes('..') || decoded.includes('\0') ? null : decoded;
  } catch {
    return null;
  }
}
