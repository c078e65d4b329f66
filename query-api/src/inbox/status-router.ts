import { Router } from 'express';
import { apiSubscription, type StatusAnswer } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { followingOf } from '@hamlog/infra/read-models/follows/queries';
import { unreadNotificationCount } from '@hamlog/infra/read-models/notifications/queries';
import { subscriptionOf } from '@hamlog/infra/read-models/users/queries';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';

/**
 * POST /vsr (polled every 10 s while logged in): the unread count for the inbox badge, the
 * subscription and who the caller follows. Only the caller's own state: nothing here says who
 * follows them.
 */
export function statusRouter(deps: QueryDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  router.post('/vsr', authenticate(deps.sessions, true), readYourWrites(deps, ['users', 'follows', 'notifications']), asyncHandler(async (_req, res) => {
    const userId = currentUserId(res);
    const [notificationCount, subscription, following] = await Promise.all([
      unreadNotificationCount(deps.pool, userId),
      subscriptionOf(deps.pool, userId),
      followingOf(deps.pool, userId),
    ]);
    const answer: StatusAnswer = {
      notification_count: notificationCount,
      live_stream_count: 0,
      subscription: apiSubscription({ subscription }, now()),
      following,
    };
    res.json(answer);
  }));
  return router;
}
