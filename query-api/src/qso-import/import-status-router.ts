import { Router } from 'express';
import {
  ADIF_IMPORT_NOT_FOUND,
  adifImportStatusOf,
  foldEvents,
  qsoImportDecider,
  qsoImportStreamName,
  type QsoImportEvent,
} from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { HttpError } from '@hamlog/infra/http/errors';
import type { QueryDeps } from '../deps';

const IMPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * GET /vimportadif/{id}: an ADIF import's progress and, once over, its report, to its owner only
 * (another user's import is not found, as is one that never existed). Read from the import's
 * stream, which each chunk moves as it is written: never behind, so the page can poll it.
 */
export function importStatusRouter(deps: QueryDeps): Router {
  const router = Router();
  router.get('/vimportadif/:import_id', authenticate(deps.sessions, true), asyncHandler(async (req, res) => {
    const importId = String(req.params.import_id);
    if (!IMPORT_ID.test(importId)) throw new HttpError(404, ADIF_IMPORT_NOT_FOUND);
    const recorded = await deps.store.readStream(qsoImportStreamName(importId));
    const progress = foldEvents(qsoImportDecider, recorded.map((e) => ({ type: e.type, data: e.data }) as QsoImportEvent));
    if (!progress || progress.userId !== currentUserId(res)) throw new HttpError(404, ADIF_IMPORT_NOT_FOUND);
    res.setHeader('Cache-Control', 'no-store');
    res.json(adifImportStatusOf(progress));
  }));
  return router;
}
