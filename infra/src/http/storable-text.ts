/**
 * Text the stores cannot keep (a NUL character, a lone UTF-16 surrogate) is refused at the edge,
 * with a 422, before any handler runs: otherwise it reaches PostgreSQL, which refuses it with an
 * error that would be answered as a server fault (decision 0023). So is data nested deeper than any
 * call needs (decision 0050).
 */
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { isStorableText, REQUEST_MAX_NESTING, REQUEST_NOT_UTF8, REQUEST_PATH_MALFORMED, requestNestedTooDeeply, TEXT_UNSTORABLE } from '@hamlog/domain';
import { HttpError } from './http-error';

/** A value met in the walk: where it sits (its key and its container's node) and how deep. */
interface Visit {
  value: unknown;
  key: string;
  parent: Visit | null;
  depth: number;
}

/** The keys from the top down to `visit` ([] for the top itself). */
function pathOf(visit: Visit): string[] {
  const path: string[] = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) path.unshift(at.key);
  return path;
}

type Problem = { kind: 'unstorable'; field: string } | { kind: 'too-deep' };

/**
 * The first problem in a parsed body or query, in key order: a string (value or key) that cannot
 * be stored, under its dotted name, or objects and arrays nested deeper than REQUEST_MAX_NESTING.
 * Walked with a stack of its own, not by recursion: a body 10,000 levels deep (JSON.parse reads
 * it) must not overflow the call stack here.
 */
function problemOf(value: unknown): Problem | null {
  const stack: Visit[] = [{ value, key: '', parent: null, depth: 0 }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    if (!isStorableText(visit.key)) return { kind: 'unstorable', field: pathOf(visit).join('.') };
    if (typeof visit.value === 'string') {
      if (!isStorableText(visit.value)) return { kind: 'unstorable', field: pathOf(visit).join('.') || 'body' };
      continue;
    }
    if (visit.value === null || typeof visit.value !== 'object') continue;
    const depth = visit.depth + 1;
    if (depth > REQUEST_MAX_NESTING) return { kind: 'too-deep' };
    const record = visit.value as Record<string, unknown>;
    const keys = Object.keys(record);
    // Pushed last to first: the first key (then all below it) is looked at first.
    for (let i = keys.length - 1; i >= 0; i -= 1) stack.push({ value: record[keys[i]!], key: keys[i]!, parent: visit, depth });
  }
  return null;
}

function refusal(problem: Problem): HttpError {
  if (problem.kind === 'too-deep') return new HttpError(422, requestNestedTooDeeply(REQUEST_MAX_NESTING));
  const top = problem.field.split('.')[0]!;
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
  const problem = problemOf(req.query);
  next(problem ? refusal(problem) : undefined);
}

/**
 * Refuses a request whose parsed body (JSON, a form, multipart text fields) holds text that cannot
 * be stored, or nests deeper than REQUEST_MAX_NESTING (422 either way).
 */
export function refuseUnstorableBody(req: Request, _res: Response, next: NextFunction): void {
  const problem = problemOf(req.body);
  next(problem ? refusal(problem) : undefined);
}

/** The body parsers' `verify`: a body in UTF-8 (the default) must be valid UTF-8, else 400. */
export function verifyUtf8(_req: IncomingMessage, _res: unknown, body: Buffer, encoding: string): void {
  if (/^utf-?8$/i.test(encoding) && !isUtf8(body)) throw new HttpError(400, REQUEST_NOT_UTF8);
}
