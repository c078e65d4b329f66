import { Router } from 'express';
import { downloadAccess, downloadsAnswer, isSubscriptionActive } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate } from '@hamlog/infra/http/auth-middleware';
import { subscriptionOf } from '@hamlog/infra/read-models/users/queries';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';

/**
 * GET /vdownloads: the desktop app's installers from the releases feed (kept when the feed is
 * unreachable), with the reader's access (LOGIN required, UPGRADE required, or download) and the
 * links only for subscribers.
 */
export function downloadsRouter(deps: QueryDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  router.get('/vdownloads', authenticate(deps.sessions, false), readYourWrites(deps, ['users']), asyncHandler(async (_req, res) => {
    const userId = res.locals.userId as string | undefined;
    const subscribed = userId ? isSubscriptionActive(await subscriptionOf(deps.pool, userId), now()) : false;
    const feed = await deps.releases.current();
    res.setHeader('cache-control', 'private, no-store');
    res.json(downloadsAnswer(feed.summary, downloadAccess(userId !== undefined, subscribed), feed.source, feed.fetchedAt));
  }));
  return router;
}
