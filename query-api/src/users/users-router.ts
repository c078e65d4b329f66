import { Router } from 'express';
import { apiSubscription, apiUser, userSeenBy } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentSession, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { HttpError } from '@hamlog/infra/http/errors';
import { findUser } from '@hamlog/infra/read-models/users/queries';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';

export function usersRouter(deps: QueryDeps): Router {
  const router = Router();
  /**
   * The caller's own full user (community spec §3), with its subscription; never a password or its
   * hash. A key session sees it without the secrets (decision 0049).
   */
  router.get('/vuser', authenticate(deps.sessions, true, 'ownSession'), readYourWrites(deps, ['users']), asyncHandler(async (_req, res) => {
    const record = await findUser(deps.pool, currentUserId(res));
    if (!record) throw new HttpError(404, 'User not found.');
    const now = deps.now?.() ?? new Date();
    res.json({ user: userSeenBy(currentSession(res).scope, apiUser(record, now)), subscription: apiSubscription(record, now) });
  }));
  return router;
}
