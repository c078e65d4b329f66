import { Router } from 'express';
import type { CommandDeps } from './deps';
import { qsoRouter } from './qso/qso-router';
import { usersRouter } from './users/users-router';

/** Every write call, to be mounted under /api. */
export function commandRouter(deps: CommandDeps): Router {
  const router = Router();
  router.use(usersRouter(deps), qsoRouter(deps));
  return router;
}

/** Paths served here (the gateway routes them to command-api in the production shape). */
export const COMMAND_PATHS = ['/vregister', '/vlogin', '/vlogout', '/vupdateprofile', '/vqso/upsert', '/vqso/update', '/vqso/nuke'];
