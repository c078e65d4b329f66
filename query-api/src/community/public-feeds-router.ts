import { Router } from 'express';
import {
  BAND_STATS_MAX,
  GLOBE_ARCS_MAX,
  QSO_FEED_SIZE,
  globeArcs,
  liveQsoWindow,
  qsoFeedItem,
  type BandStatsAnswer,
  type GlobeArcsAnswer,
  type QsoFeedAnswer,
} from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { HttpError } from '@hamlog/infra/http/errors';
import { bandStatsOfLive, latestLiveForGlobe, latestLiveQsos } from '@hamlog/infra/read-models/logbook/public-feed-queries';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';

/** Arcs of the few QSOs whose station cannot be placed are dropped, so a little more is read than drawn. */
const GLOBE_ROWS_READ = GLOBE_ARCS_MAX * 2;

function bandStatsSize(raw: unknown): number {
  const n = Number(raw);
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < 1 || n > BAND_STATS_MAX) {
    throw new HttpError(400, `The number of QSOs must be a whole number from 1 to ${BAND_STATS_MAX}.`);
  }
  return n;
}

/**
 * The public, site-wide reads of live QSOs (no login): the home page's QSO feed, band stats and
 * the globe's arcs, each over the QSOs whose own time is live now (liveQsoWindow: an imported log
 * is history). A signed-in writer's own QSO is in its next read (read-your-writes).
 */
export function publicFeedsRouter(deps: QueryDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  const fresh = readYourWrites(deps, ['logbook', 'users']);

  router.get('/main_public_feed', fresh, asyncHandler(async (_req, res) => {
    const at = now();
    const answer: QsoFeedAnswer = { items: (await latestLiveQsos(deps.pool, liveQsoWindow(at), QSO_FEED_SIZE)).map((qso) => qsoFeedItem(qso, at)) };
    res.json(answer);
  }));

  router.get('/vbandstats/:n', fresh, asyncHandler(async (req, res) => {
    const answer: BandStatsAnswer = { bands: await bandStatsOfLive(deps.pool, liveQsoWindow(now()), bandStatsSize(req.params.n)) };
    res.json(answer);
  }));

  router.get('/globe/arcs', fresh, asyncHandler(async (_req, res) => {
    const answer: GlobeArcsAnswer = { arcs: globeArcs(await latestLiveForGlobe(deps.pool, liveQsoWindow(now()), GLOBE_ROWS_READ), GLOBE_ARCS_MAX) };
    res.setHeader('Cache-Control', 'no-store');
    res.json(answer);
  }));

  return router;
}
