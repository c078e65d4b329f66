import type { NextFunction, Request, Response } from 'express';
import { MIN_POSITION_HEADER } from '@hamlog/domain';
import { bearerToken } from '@hamlog/infra/http/auth-middleware';
import { findUserIdByApiKey } from '@hamlog/infra/read-models/users/queries';
import type { QueryDeps } from '../deps';

const MAX_WAIT_MS = 3_000;

type ReadDeps = Pick<QueryDeps, 'progress' | 'writePositions' | 'sessions' | 'pool'>;

/** Who is reading: the session's user, else the API key's (companion apps), else nobody. */
async function callerOf(req: Request, res: Response, deps: ReadDeps): Promise<string | null> {
  const known = res.locals.userId as string | undefined;
  if (known) return known;
  const token = bearerToken(req);
  if (token) return (await deps.sessions.find(token))?.userId ?? null;
  const header = req.headers['x-api-key'];
  const key = typeof header === 'string' && header ? header : req.query.key;
  if (typeof key === 'string' && key.trim() && key.length <= 200) return findUserIdByApiKey(deps.pool, key.trim());
  return null;
}

/** The position a read must see: the caller's latest write (remembered on the server) or the header's, whichever is later. */
export function positionToSee(header: string | string[] | undefined, latestWrite: number): number {
  const raw = Number(Array.isArray(header) ? header[0] : header);
  return Math.max(Number.isSafeInteger(raw) && raw > 0 ? raw : 0, latestWrite);
}

/**
 * Read-your-writes for every client: a read by a user who wrote waits (bounded) until the read
 * models it uses have applied that user's latest write, whichever credential wrote it. The
 * x-min-position header still counts (the web client sends it). Reads by anyone else never wait
 * on that user's writes.
 */
export function readYourWrites(deps: ReadDeps, projections: string[]) {
  return (req: Request, res: Response, next: NextFunction): void => {
    callerOf(req, res, deps)
      .then(async (userId) => {
        const position = positionToSee(req.headers[MIN_POSITION_HEADER], userId ? await deps.writePositions.latest(userId) : 0);
        if (position > 0 && !(await deps.progress.waitFor(projections, position, MAX_WAIT_MS))) res.setHeader('x-read-model-stale', '1');
        next();
      })
      .catch(next);
  };
}
