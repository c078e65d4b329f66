import { Router } from 'express';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import type { QueryDeps } from '../deps';

const HOUR_MS = 60 * 60 * 1000;

/** Leaderboards; for now the one board the aggregates answer: most QSOs in the last 60 minutes. */
export function leaderboardsRouter(deps: QueryDeps): Router {
  const router = Router();
  router.get('/vleaderboards', asyncHandler(async (_req, res) => {
    const now = deps.now?.() ?? new Date();
    const top = await deps.aggregates.topStations(new Date(now.getTime() - HOUR_MS), new Date(now.getTime() + 1), 10);
    res.json({ lb_last_60_minutes: top.map((t) => ({ station_callsign: t.stationCallsign, count: t.count })) });
  }));
  return router;
}
