import { Router } from 'express';
import type { CommandDeps } from '../deps';
import { rememberWrites } from '../http/answer';
import { ownPaths } from '../http/own-paths';
import { rigRouter } from '../rig/rig-router';
import { qsoApiRouter } from './qso-api-router';

/**
 * The Cloudlog/Wavelog API's writes (decision 0036): POST /qso and POST /radio. Mounted under
 * /api before the app's JSON parser (HttpAppOptions.ownBodyApi): they read their own bodies.
 */
export function cloudlogCommandRouter(deps: CommandDeps): Router {
  const router = Router();
  router.use(rememberWrites(deps.writePositions, deps.logger, deps.writeActivity && { activity: deps.writeActivity, isWritePath: ownPaths(router) }));
  router.use(qsoApiRouter(deps), rigRouter(deps));
  return router;
}
