import { Router } from 'express';
import type { PhotosAnswer } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { photosOf } from '@hamlog/infra/read-models/photos/queries';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';

/** POST /vphotos: the caller's own photos, newest first. */
export function photosRouter(deps: QueryDeps): Router {
  const router = Router();
  router.post('/vphotos', authenticate(deps.sessions, true), readYourWrites(deps, ['photos']), asyncHandler(async (_req, res) => {
    const answer: PhotosAnswer = await photosOf(deps.pool, currentUserId(res));
    res.json(answer);
  }));
  return router;
}
