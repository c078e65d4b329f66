import { Router } from 'express';
import { stationStatsAnswer, type StationStatsAnswer } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import type { QueryDeps } from '../deps';

/**
 * GET /vstats: the signed-in station's statistics, from the stream's counters (decision 0037).
 * Own log only: a station's habits (hours on the air, every entity worked) are not on its public
 * profile, and no privacy setting yet says whether they may be.
 */
export function statsRouter(deps: QueryDeps): Router {
  const router = Router();
  router.get('/vstats', authenticate(deps.sessions, true), asyncHandler(async (_req, res) => {
    const answer: StationStatsAnswer = stationStatsAnswer(await deps.stationStats.stationCounts(currentUserId(res)));
    res.setHeader('cache-control', 'private, no-store');
    res.json(answer);
  }));
  return router;
}
