import { Router } from 'express';
import { apiKeysAnswer } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { HttpError } from '@hamlog/infra/http/errors';
import { readOnlyKeysOf } from '@hamlog/infra/read-models/users/api-keys';
import { findUser } from '@hamlog/infra/read-models/users/queries';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';

/** GET /vapikeys: the signed-in account's API keys with their rights, the read-write key first (decision 0036). */
export function apiKeysRouter(deps: QueryDeps): Router {
  const router = Router();
  router.get('/vapikeys', authenticate(deps.sessions, true), readYourWrites(deps, ['users']), asyncHandler(async (_req, res) => {
    const userId = currentUserId(res);
    const [user, readOnly] = await Promise.all([findUser(deps.pool, userId), readOnlyKeysOf(deps.pool, userId)]);
    if (!user) throw new HttpError(401, 'Unauthenticated.');
    res.json(apiKeysAnswer(user.apiKey, readOnly));
  }));
  return router;
}
