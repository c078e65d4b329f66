import { Router } from 'express';
import { MIN_POSITION_HEADER, stationStatsAnswer, type StationStatsAnswer } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { waitForQsoFacts } from '@hamlog/infra/stream/stream-positions';
import type { QueryDeps } from '../deps';
import { positionToSee } from '../http/read-your-writes';

const STATS_WAIT_MS = 3_000;

/**
 * GET /vstats: the signed-in station's statistics, from the stream's counters (decision 0037).
 * Own log only: a station's habits (hours on the air, every entity worked) are not on its public
 * profile, and no privacy setting yet says whether they may be. Like every read of a user's own
 * data (decision 0005), it waits (at most 3 s) until the counters hold the user's latest write.
 */
export function statsRouter(deps: QueryDeps): Router {
  const router = Router();
  router.get('/vstats', authenticate(deps.sessions, true), asyncHandler(async (req, res) => {
    const position = positionToSee(req.headers[MIN_POSITION_HEADER], await deps.writePositions.latest(currentUserId(res)));
    if (position > 0 && !(await waitForQsoFacts(deps.pool, position, { timeoutMs: STATS_WAIT_MS })).reached) res.setHeader('x-read-model-stale', '1');
    const answer: StationStatsAnswer = stationStatsAnswer(await deps.stationStats.stationCounts(currentUserId(res)));
    res.setHeader('cache-control', 'private, no-store');
    res.json(answer);
  }));
  return router;
}
