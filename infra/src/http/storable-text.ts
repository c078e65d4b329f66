/**
 * Text the stores cannot keep (a NUL character, a lone UTF-16 surrogate) is refused at the edge,
 * with a 422, before any handler runs: otherwise it reaches PostgreSQL, which refuses it with an
 * error that would be answered as a server fault (decision 0023).
 */
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { isStorableText, REQUEST_NOT_UTF8, REQUEST_PATH_MALFORMED, TEXT_UNSTORABLE } from '@hamlog/domain';
import { HttpError } from './http-error';

/** The dotted name of the first string (value or key) in a parsed body or query that cannot be stored, or null. */
export function unstorableFieldOf(value: unknown): string | null {
  const path = unstorablePath(value);
  return path === null ? null : path.join('.') || 'body';
}

/** The keys down to the first unstorable string ([] when `value` is that string); names are built only for a refusal. */
function unstorablePath(value: unknown): string[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : [];
  if (value === null || typeof value !== 'object') return null;
  for (const key of Object.keys(value)) {
    if (!isStorableText(key)) return [key];
    const below = unstorablePath((value as Record<string, unknown>)[key]);
    if (below) return [key, ...below];
  }
  return null;
}

function unstorable(field: string): HttpError {
  const top = field.split('.')[0]!;
  return new HttpError(422, TEXT_UNSTORABLE, { [isStorableText(top) ? top : 'body']: [TEXT_UNSTORABLE] });
}

/** Refuses a request whose path (route parameters included) or query string holds text that cannot be stored. */
export function refuseUnstorableAddress(req: Request, _res: Response, next: NextFunction): void {
  // Without a %-escape the path and query are the request line's own characters, which the HTTP
  // parser has checked (no NUL) and read one byte per character (no surrogates): nothing to decode.
  if (!req.url.includes('%')) {
    next();
    return;
  }
  for (const segment of req.path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      next(new HttpError(400, REQUEST_PATH_MALFORMED));
      return;
    }
    if (!isStorableText(decoded)) {
      next(new HttpError(422, TEXT_UNSTORABLE));
      return;
    }
  }
  const field = unstorableFieldOf(req.query);
  next(field ? unstorable(field) : undefined);
}

/** Refuses a request whose parsed body (JSON, a form, multipart text fields) holds text that cannot be stored. */
export function refuseUnstorableBody(req: Request, _res: Response, next: NextFunction): void {
  const field = unstorableFieldOf(req.body);
  next(field ? unstorable(field) : undefined);
}

/** The body parsers' `verify`: a body in UTF-8 (the default) must be valid UTF-8, else 400. */
export function verifyUtf8(_req: IncomingMessage, _res: unknown, body: Buffer, encoding: string): void {
  if (/^utf-?8$/i.test(encoding) && !isUtf8(body)) throw new HttpError(400, REQUEST_NOT_UTF8);
}
