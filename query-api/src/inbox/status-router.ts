import { Router } from 'express';
import { apiSubscription, RIG_STALE_MS, type StatusAnswer } from '@hamlog/domain';
import { isStreamingNow } from '@hamlog/domain/live-station/api';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { followingOf } from '@hamlog/infra/read-models/follows/queries';
import { freshOnAirRigsOf } from '@hamlog/infra/read-models/live-stations/queries';
import { unreadNotificationCount } from '@hamlog/infra/read-models/notifications/queries';
import { subscriptionOf } from '@hamlog/infra/read-models/users/queries';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';

/**
 * POST /vsr (polled every 10 s while logged in): the unread count for the inbox badge, the
 * subscription, who the caller follows and how many of them are streaming now (live_stream_count,
 * the cards' is_live). Only the caller's own state: nothing here says who follows them.
 */
export function statusRouter(deps: QueryDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  /** Followed stations streaming now. */
  const liveStreamCount = async (following: string[], at: Date): Promise<number> => {
    if (following.length === 0) return 0;
    const rigs = await freshOnAirRigsOf(deps.pool, following, new Date(at.getTime() - RIG_STALE_MS));
    return rigs.filter((rig) => isStreamingNow(rig, at)).length;
  };
  router.post('/vsr', authenticate(deps.sessions, true), readYourWrites(deps, ['users', 'follows', 'notifications']), asyncHandler(async (_req, res) => {
    const userId = currentUserId(res);
    const [notificationCount, subscription, following] = await Promise.all([
      unreadNotificationCount(deps.pool, userId),
      subscriptionOf(deps.pool, userId),
      followingOf(deps.pool, userId),
    ]);
    const at = now();
    const answer: StatusAnswer = {
      notification_count: notificationCount,
      live_stream_count: await liveStreamCount(following, at),
      subscription: apiSubscription({ subscription }, at),
      following,
    };
    res.json(answer);
  }));
  return router;
}
