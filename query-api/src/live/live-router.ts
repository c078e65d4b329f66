import { Router } from 'express';
import { FEED_USERS_LIMIT, feedUserCard, isOnAirCard, ONLINE_WINDOW_MS, RIG_STALE_MS, type FeedCardSource, type FeedUserCard, type FeedUsersAnswer } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { onAirStationSources, onlineOffAirSources } from '@hamlog/infra/read-models/live-stations/queries';
import type { QueryDeps } from '../deps';

/**
 * The home page's user feed, public: GET /ActiveUserList (stations on a frequency or live,
 * freshest report first) and GET /logged_in_users_not_in_rig_control (signed in recently and
 * not on air, most recent first). The live-stations projection writes what they read.
 */
export function liveRouter(deps: QueryDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();

  const answer = (sources: FeedCardSource[], at: Date, keep: (card: FeedUserCard) => boolean): FeedUsersAnswer => ({
    users: sources.map((source) => feedUserCard(source, at)).filter(keep),
  });

  router.get('/ActiveUserList', asyncHandler(async (_req, res) => {
    const at = now();
    const sources = await onAirStationSources(deps.pool, new Date(at.getTime() - RIG_STALE_MS), FEED_USERS_LIMIT);
    res.setHeader('Cache-Control', 'no-store');
    res.json(answer(sources, at, isOnAirCard));
  }));

  router.get('/logged_in_users_not_in_rig_control', asyncHandler(async (_req, res) => {
    const at = now();
    const sources = await onlineOffAirSources(deps.pool, new Date(at.getTime() - ONLINE_WINDOW_MS), new Date(at.getTime() - RIG_STALE_MS), FEED_USERS_LIMIT);
    res.setHeader('Cache-Control', 'no-store');
    res.json(answer(sources, at, (card) => card.is_online && !isOnAirCard(card)));
  }));

  return router;
}
