import { Router } from 'express';
import type { QueryDeps } from './deps';
import { leaderboardsRouter } from './leaderboards/leaderboards-router';
import { logbookRouter } from './logbook/logbook-router';
import { mediaRouter } from './qso/media-router';
import { qslRouter } from './qso/qsl-router';
import { qsoHistoryRouter } from './qso/qso-history-router';
import { usersRouter } from './users/users-router';
import { apiKeysRouter } from './users/api-keys-router';
import { dxccRouter } from './dxcc/dxcc-router';
import { logbarRouter } from './logbar/logbar-router';
import { rigRouter } from './rig/rig-router';
import { statusRouter } from './inbox/status-router';
import { photosRouter } from './photos/photos-router';
import { profilesRouter } from './profiles/profiles-router';
import { publicFeedsRouter } from './community/public-feeds-router';
import { contestsRouter } from './contests/contests-router';
import { liveRouter } from './live/live-router';
import { awardsRouter } from './awards/awards-router';
import { statsRouter } from './stats/stats-router';
import { exportJobsRouter } from './adif-export/export-jobs-router';
import { importStatusRouter } from './qso-import/import-status-router';
import { embedCodesRouter } from './embeds/embed-codes-router';
import { embedsRouter } from './embeds/embeds-router';
import { adminRouter } from './admin/admin-router';
import { downloadsRouter } from './downloads/downloads-router';
import { postsRouter } from './posts/posts-router';
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
  router.use(liveRouter(deps));
  router.use(awardsRouter(deps));
  router.use(statsRouter(deps));
  router.use(exportJobsRouter(deps));
  router.use(importStatusRouter(deps));
  router.use(embedCodesRouter(deps));
  router.use(adminRouter(deps), downloadsRouter(deps));
  router.use(supportersRouter(deps));
  return router;
}

/**
 * The public news reads (/vnews, /vvideos, /vpost/{id}), mounted under /api ahead of every other
 * router: the busiest public reads then walk none of the command and query routes first, which
 * was a third of their cost (bench/src/news-read.ts, decision 0041).
 */
export function publicReadsRouter(deps: QueryDeps): Router {
  return postsRouter(deps);
}

/** Reads served outside /api, at the site's root: QSL cards (/qsl/{id}), uploaded files (/media/{name}) and the embed pages (/embed/..., /active-embed/...). */
export function queryRootRouter(deps: QueryDeps): Router {
  const router = Router();
  router.use(qslRouter(deps), mediaRouter(deps), embedsRouter(deps));
  return router;
}
