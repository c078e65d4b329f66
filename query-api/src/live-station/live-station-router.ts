import { Router } from 'express';
import { feedUserCard } from '@hamlog/domain/community/feed-card';
import { LIVE_STATION_QSO_LIMIT, liveStationQso, type LiveStationAnswer } from '@hamlog/domain/live-station/api';
import { liveStreamSource } from '@hamlog/domain/live-station/stream-address';
import { LIVE_STATION_NOT_FOUND } from '@hamlog/domain/live-station/texts';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { HttpError } from '@hamlog/infra/http/errors';
import { feedCardSources } from '@hamlog/infra/read-models/live-stations/queries';
import { logbookPage } from '@hamlog/infra/read-models/logbook/queries';
import { liveStreamUrlOf } from '@hamlog/infra/read-models/profiles/queries';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';

/** User ids are UUIDs; anything much longer names nobody and is not looked up. */
const USER_ID_MAX_LENGTH = 64;

/**
 * GET /vlivestation/{id} (public; decision 0051): one station for its live page: its card now
 * (the home feed's card rule), the stream it set and its latest QSOs with the public feeds'
 * fields. An id nobody has is a 404 'Station not found'. The page polls this and takes the
 * websocket's pushes in between, so the answer is never cached.
 */
export function liveStationRouter(deps: QueryDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();

  router.get('/vlivestation/:id', readYourWrites(deps, ['users', 'logbook', 'live-stations']), asyncHandler(async (req, res) => {
    const id = String(req.params.id);
    if (id.length > USER_ID_MAX_LENGTH) throw new HttpError(404, LIVE_STATION_NOT_FOUND);
    const [sources, streamUrl, rows] = await Promise.all([
      feedCardSources(deps.pool, [id]),
      liveStreamUrlOf(deps.pool, id),
      logbookPage(deps.pool, id, 1, LIVE_STATION_QSO_LIMIT),
    ]);
    const source = sources[0];
    if (!source) throw new HttpError(404, LIVE_STATION_NOT_FOUND);
    const answer: LiveStationAnswer = {
      station: feedUserCard(source, now()),
      live_stream: streamUrl ? liveStreamSource(streamUrl) : null,
      qsos: rows.map(({ qdoId, fields }) => liveStationQso({ qdoId, ...fields })),
    };
    res.setHeader('Cache-Control', 'no-store');
    res.json(answer);
  }));

  return router;
}
