import { Router, type Request, type Response } from 'express';
import { QSO_NOT_FOUND, qsoFieldsToApi } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { HttpError } from '@hamlog/infra/http/errors';
import { QSL_CARD_DESIGN, renderQslCardPng } from '@hamlog/infra/qsl/render-qsl-card';
import type { QueryDeps } from '../deps';
import { isPlausibleQdoId } from './qso-id';
import { readQsoStream } from './qso-stream';

const CACHE_ENTRIES = 200;

/**
 * GET /qsl/{qdo_id} (also /qsl/{qdo_id}.png): the QSO's QSL card as a PNG, for the page and for
 * link previews. The ETag is the QSO's last event position, so an unchanged card is a 304 and a
 * changed QSO a new card; rendered cards are kept in a small cache by that tag.
 */
export function qslRouter(deps: Pick<QueryDeps, 'store'>): Router {
  const router = Router();
  const cache = new Map<string, Buffer>();

  const serve = asyncHandler(async (req: Request, res: Response) => {
    const qdoId = String(req.params.qdo_id ?? '').replace(/\.png$/, '');
    if (!isPlausibleQdoId(qdoId)) throw new HttpError(404, QSO_NOT_FOUND);
    const { state, position } = await readQsoStream(deps.store, qdoId);
    if (!state || state.deleted) throw new HttpError(404, QSO_NOT_FOUND);
    const etag = `"qsl-${qdoId}-${position}-${QSL_CARD_DESIGN}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', 'public, max-age=300');
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    let png = cache.get(etag);
    if (!png) {
      png = await renderQslCardPng(qsoFieldsToApi(qdoId, state.stationCallsign, state.fields));
      cache.set(etag, png);
      if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    }
    res.type('image/png').send(png);
  });

  router.get('/qsl/:qdo_id', serve);
  return router;
}
