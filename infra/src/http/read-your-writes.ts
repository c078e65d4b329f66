import type { NextFunction, Request, Response } from 'express';
import type { IncomingHttpHeaders } from 'node:http';
import { MIN_POSITION_HEADER } from '@hamlog/domain';
import type { SessionStore } from '../auth/session-store';
import type { WritePositions } from '../ports/write-positions';
import type { Pool } from '../postgres/pool';
import type { ProjectionProgress } from '../postgres/projection-progress';
import { findUserIdByApiKey } from '../read-models/users/queries';
import { API_KEY_MAX_LENGTH, apiKeyIn, bearerToken } from './auth-middleware';

const MAX_WAIT_MS = 3_000;

export interface ReadYourWritesDeps {
  /** How far the read models are; without it nothing is waited for. */
  progress?: ProjectionProgress;
  writePositions: WritePositions;
  sessions: SessionStore;
  /** For a reader known by API key only. */
  pool: Pool;
}

/**
 * Who is reading: the user `authenticate` found, else the session's or the API key's user (a
 * route that authenticates by neither), else nobody (a visitor).
 */
async function readerOf(req: Request, res: Response, deps: ReadYourWritesDeps): Promise<string | null> {
  const known = res.locals.userId as string | undefined;
  if (known) return known;
  const token = bearerToken(req);
  if (token) return (await deps.sessions.find(token))?.userId ?? null;
  const key = apiKeyIn(req);
  return key && key.length <= API_KEY_MAX_LENGTH ? findUserIdByApiKey(deps.pool, key) : null;
}

/** The position a read must see: the reader's latest write (remembered on the server) or the header's, whichever is later. */
export function positionToSee(header: string | string[] | undefined, latestWrite: number): number {
  const raw = Number(Array.isArray(header) ? header[0] : header);
  return Math.max(Number.isSafeInteger(raw) && raw > 0 ? raw : 0, latestWrite);
}

/**
 * Whether a read may have anything to wait for: a reader named by credentials (a bearer token, an
 * API key in the x-api-key header or the `key` query parameter) or a position asked for. Without
 * any, the read is a visitor's and is answered at once (the fast lane takes such reads, fast-lane.ts).
 */
export function mayWaitForWrites(headers: IncomingHttpHeaders, hasKeyInQuery: boolean): boolean {
  return Boolean(headers.authorization || headers['x-api-key'] || headers[MIN_POSITION_HEADER] || hasKeyInQuery);
}

/**
 * Read-your-writes for every client (decision 0005): a read by a user waits (bounded) until the
 * read models it uses (`projections`) have applied that user's latest write, whichever of their
 * credentials wrote it, or the x-min-position header's position if later (the web client sends
 * it). Visitors, and users who never wrote, wait for nothing; nobody waits on another user's
 * writes. A read that timed out is answered anyway, marked `x-read-model-stale: 1`.
 */
export function readYourWrites(deps: ReadYourWritesDeps, projections: string[]) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const progress = deps.progress;
    if (!progress || (!res.locals.userId && !mayWaitForWrites(req.headers, req.query.key !== undefined))) {
      next();
      return;
    }
    readerOf(req, res, deps)
      .then(async (userId) => {
        const position = positionToSee(req.headers[MIN_POSITION_HEADER], userId ? await deps.writePositions.latest(userId) : 0);
        if (position > 0 && !(await progress.waitFor(projections, position, MAX_WAIT_MS))) res.setHeader('x-read-model-stale', '1');
        next();
      })
      .catch(next);
  };
}
