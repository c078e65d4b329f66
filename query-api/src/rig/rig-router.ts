import { Router } from 'express';
import { rigStateAt, type RigState } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { lastRigReport } from '@hamlog/infra/read-models/live-stations/queries';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';

/** POST /vrigcontrol/get: the caller's own rig (the logger polls it every 2 s for its CAT link). */
export function rigRouter(deps: QueryDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  router.post('/vrigcontrol/get', authenticate(deps.sessions, true, 'reportRig'), readYourWrites(deps, ['live-stations']), asyncHandler(async (_req, res) => {
    const answer: RigState = rigStateAt(await lastRigReport(deps.pool, currentUserId(res)), now());
    res.json(answer);
  }));
  return router;
}
