import { Router } from 'express';
import { apiUser } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { HttpError } from '@hamlog/infra/http/errors';
import { findUser } from '@hamlog/infra/read-models/users/queries';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';

export function usersRouter(deps: QueryDeps): Router {
  const router = Router();
  router.get('/vuser', authenticate(deps.sessions, true), readYourWrites(deps.progress, ['users']), asyncHandler(async (_req, res) => {
    const user = await findUser(deps.pool, currentUserId(res));
    if (!user) throw new HttpError(404, 'User not found.');
    res.json({ user: apiUser(user) });
  }));
  return router;
}
