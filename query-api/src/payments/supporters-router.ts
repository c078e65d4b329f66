import { Router } from 'express';
import type { SupportersAnswer } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { listedSupporters } from '@hamlog/infra/read-models/payments/queries';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';

export const SUPPORTERS_PATH = '/vsupporters';

/** GET /vsupporters (public): the donors who agreed to be listed, callsign and name. */
export function supportersRouter(deps: QueryDeps): Router {
  const router = Router();
  router.get(SUPPORTERS_PATH, readYourWrites(deps, ['users', 'donations']), asyncHandler(async (_req, res) => {
    const answer: SupportersAnswer = { supporters: await listedSupporters(deps.pool) };
    res.setHeader('cache-control', 'no-cache');
    res.json(answer);
  }));
  return router;
}
