import { Router } from 'express';
import type { CommandDeps } from '../deps';
import { rememberWrites } from '../http/answer';
import { RADIO_PATH, rigRouter } from '../rig/rig-router';
import { QSO_API_DRY_RUN_PATH, QSO_API_PATH, qsoApiRouter } from './qso-api-router';

/**
 * The Cloudlog/Wavelog API's writes (decision 0036): POST /qso and POST /radio. Mounted under
 * /api before the app's JSON parser (HttpAppOptions.ownBodyApi): they read their own bodies.
 */
export function cloudlogCommandRouter(deps: CommandDeps): Router {
  const router = Router();
  router.use(rememberWrites(deps.writePositions, deps.logger, deps.writeActivity && { activity: deps.writeActivity, isWritePath: isCloudlogCommandPath }));
  router.use(qsoApiRouter(deps), rigRouter(deps));
  return router;
}

/** Paths served here, for the production gateway's choice of service. */
export const CLOUDLOG_COMMAND_PATHS = [QSO_API_PATH, RADIO_PATH];
export const CLOUDLOG_COMMAND_PATH_PATTERNS = [QSO_API_DRY_RUN_PATH];

function isCloudlogCommandPath(path: string): boolean {
  return CLOUDLOG_COMMAND_PATHS.includes(path) || CLOUDLOG_COMMAND_PATH_PATTERNS.some((pattern) => pattern.test(path));
}
