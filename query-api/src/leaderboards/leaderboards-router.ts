import { Router } from 'express';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import type { QueryDeps } from '../deps';
import { SharedAnswer } from '../http/shared-answer';
import { computeLeaderboards, computeOperatorsOfTheDay } from './leaderboards';

/**
 * Every viewer sees the same lists (the client marks its own station YOU), so one computation
 * serves all callers for this long; the page refreshes every 10 s.
 */
export const LEADERBOARDS_SHARED_MS = 2_000;

/** GET /vleaderboards and POST /vopofday: public, from the stream's aggregates (decision "leaderboards"). */
export function leaderboardsRouter(deps: QueryDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  const boards = new SharedAnswer(() => computeLeaderboards(deps.leaderboards, deps.pool, now()), LEADERBOARDS_SHARED_MS);
  const operators = new SharedAnswer(() => computeOperatorsOfTheDay(deps.leaderboards, deps.pool, now()), LEADERBOARDS_SHARED_MS);

  router.get('/vleaderboards', asyncHandler(async (_req, res) => {
    res.json(await boards.get());
  }));
  router.post('/vopofday', asyncHandler(async (_req, res) => {
    res.json(await operators.get());
  }));
  return router;
}
