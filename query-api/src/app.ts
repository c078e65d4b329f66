import { Router } from 'express';
import type { QueryDeps } from './deps';
import { leaderboardsRouter } from './leaderboards/leaderboards-router';
import { logbookRouter } from './logbook/logbook-router';
import { usersRouter } from './users/users-router';

/** Every read call, to be mounted under /api. */
export function queryRouter(deps: QueryDeps): Router {
  const router = Router();
  router.use(usersRouter(deps), logbookRouter(deps), leaderboardsRouter(deps));
  return router;
}
