import { awardProgressRouter } from './award-progress/award-progress-router';
import { Router } from 'express';
import type { FastRoute } from '@hamlog/infra/http/fast-lane';
import type { QueryDeps } from './deps';
import { leaderboardsRouter } from './leaderboards/leaderboards-router';
import { logbookRouter } from './logbook/logbook-router';
import { mediaRouter } from './qso/media-router';
import { qslRouter } from './qso/qsl-router';
import { qsoHistoryRouter } from './qso/qso-history-router';
import { servicesRouter } from './confirmations/services-router';
import { usersRouter } from './users/users-router';
import { apiKeysRouter } from './users/api-keys-router';
import { dxccRouter } from './dxcc/dxcc-router';
import { logbarRouter } from './logbar/logbar-router';
import { rigRouter } from './rig/rig-router';
import { statusRouter } from './inbox/status-router';
import { photosRouter } from './photos/photos-router';
import { profilesRouter } from './profiles/profiles-router';
import { publicFeedsRouter } from './community/public-feeds-router';
import { contestLogRouter } from './contests/contest-log-router';
import { contestsRouter } from './contests/contests-router';
import { liveRouter } from './live/live-router';
import { liveStationRouter } from './live-station/live-station-router';
import { sstvRouter } from './sstv/sstv-router';
import { awardsRouter } from './awards/awards-router';
import { statsRouter } from './stats/stats-router';
import { exportJobsRouter } from './adif-export/export-jobs-router';
import { importStatusRouter } from './qso-import/import-status-router';
import { embedCodesRouter } from './embeds/embed-codes-router';
import { embedsRoutes } from './embeds/embeds-router';
import { adminRouter } from './admin/admin-router';
import { downloadsRouter } from './downloads/downloads-router';
import { postsRoutes } from './posts/posts-router';
import { supportersRouter } from './payments/supporters-router';

/** Every read call, to be mounted under /api. */
export function queryRouter(deps: QueryDeps): Router {
  const router = Router();
  router.use(usersRouter(deps), logbookRouter(deps), leaderboardsRouter(deps));
  router.use(apiKeysRouter(deps));
  router.use(qsoHistoryRouter(deps), qslRouter(deps));
  router.use(logbarRouter(deps), dxccRouter(), rigRouter(deps));
  router.use(profilesRouter(deps), photosRouter(deps), statusRouter(deps));
  router.use(publicFeedsRouter(deps));
  router.use(contestsRouter(deps));
  router.use(contestLogRouter(deps));
  router.use(liveRouter(deps));
  router.use(liveStationRouter(deps), sstvRouter(deps));
  router.use(awardsRouter(deps));
  router.use(awardProgressRouter(deps));
  router.use(statsRouter(deps));
  router.use(exportJobsRouter(deps));
  router.use(importStatusRouter(deps));
  router.use(servicesRouter(deps));
  router.use(embedCodesRouter(deps));
  router.use(adminRouter(deps), downloadsRouter(deps));
  router.use(supportersRouter(deps));
  return router;
}

/**
 * The public reads with a lane of their own: the news (/vnews, /vvideos, /vpost/{id}), mounted
 * under /api ahead of every other router, so that they walk none of the command and query routes
 * first (decision 0041); at the site's root, QSL cards (/qsl/{id}), uploaded files (/media/{name})
 * and the embed pages (/embed/..., /active-embed/...); and the fast lane that serves visitors' news
 * pages and every embed page ahead of express (decision 0045), sharing the same prepared answers.
 */
export function publicReads(deps: QueryDeps): { apiRouter: Router; rootRouter: Router; fastRoutes: FastRoute[] } {
  const posts = postsRoutes(deps);
  const embeds = embedsRoutes(deps);
  const rootRouter = Router();
  rootRouter.use(qslRouter(deps), mediaRouter(deps), embeds.router);
  return { apiRouter: posts.router, rootRouter, fastRoutes: [posts.fast, embeds.fast] };
}
