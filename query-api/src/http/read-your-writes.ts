import type { NextFunction, Request, Response } from 'express';
import { MIN_POSITION_HEADER } from '@hamlog/domain';
import type { ProjectionProgress } from '@hamlog/infra/postgres/projection-progress';

const MAX_WAIT_MS = 3_000;

/**
 * A read that carries the position of the caller's last write waits (bounded) until the read
 * models it uses have applied that position, so the writer always sees their own write.
 */
export function readYourWrites(progress: ProjectionProgress, projections: string[]) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const raw = req.headers[MIN_POSITION_HEADER];
    const position = Number(Array.isArray(raw) ? raw[0] : raw);
    if (!Number.isSafeInteger(position) || position <= 0) {
      next();
      return;
    }
    progress
      .waitFor(projections, position, MAX_WAIT_MS)
      .then((reached) => {
        if (!reached) res.setHeader('x-read-model-stale', '1');
        next();
      })
      .catch(next);
  };
}
