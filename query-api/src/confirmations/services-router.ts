import { Router } from 'express';
import { SERVICES_PATHS, type ServicesAnswer } from '@hamlog/domain';
import { serviceStates } from '@hamlog/infra/confirmations/service-state';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';

/** POST /vservices: Settings' connected services, each with its sync's state and figures (never a secret). */
export function servicesRouter(deps: QueryDeps): Router {
  const router = Router();
  router.post(SERVICES_PATHS.list, authenticate(deps.sessions, true), readYourWrites(deps, ['logbook']), asyncHandler(async (_req, res) => {
    const answer: ServicesAnswer = { services: await serviceStates(deps.pool, deps.connections, currentUserId(res)) };
    res.json(answer);
  }));
  return router;
}
