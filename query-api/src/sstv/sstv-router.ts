import { Router } from 'express';
import {
  parseSstvCursor,
  SSTV_ARCHIVE_CURSOR_INVALID,
  SSTV_ARCHIVE_MAX_PAGE_SIZE,
  SSTV_ARCHIVE_PAGE_SIZE,
  sstvArchiveSizeInvalid,
  sstvCursor,
  type SstvArchiveAnswer,
} from '@hamlog/domain/sstv/api';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { fieldErrors } from '@hamlog/infra/http/errors';
import { sstvArchivePage } from '@hamlog/infra/read-models/qso-media/queries';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';

function before(raw: unknown): number | null {
  if (raw === undefined) return null;
  const cursor = typeof raw === 'string' ? parseSstvCursor(raw) : null;
  if (cursor === null) throw fieldErrors({ before: [SSTV_ARCHIVE_CURSOR_INVALID] });
  return cursor;
}

function size(raw: unknown): number {
  if (raw === undefined) return SSTV_ARCHIVE_PAGE_SIZE;
  const n = typeof raw === 'string' && /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= SSTV_ARCHIVE_MAX_PAGE_SIZE)) throw fieldErrors({ size: [sstvArchiveSizeInvalid(SSTV_ARCHIVE_MAX_PAGE_SIZE)] });
  return n;
}

/**
 * GET /vsstv?before={cursor}&size={n} (public; decision 0051): the SSTV archive, newest attached
 * image first, of QSOs that are not deleted (as /media serves them). One row more than the page
 * is read to know whether an older page exists.
 */
export function sstvRouter(deps: QueryDeps): Router {
  const router = Router();
  router.get('/vsstv', readYourWrites(deps, ['qso-media', 'logbook']), asyncHandler(async (req, res) => {
    const pageSize = size(req.query.size);
    const rows = await sstvArchivePage(deps.pool, before(req.query.before), pageSize + 1);
    const page = rows.slice(0, pageSize);
    const last = page.at(-1);
    const answer: SstvArchiveAnswer = {
      images: page.map((r) => ({
        file_name: r.fileName,
        qdo_id: r.qdoId,
        station_callsign: r.stationCallsign,
        call: r.call,
        qso_at: r.qsoAt,
        band: r.band,
        mode: r.mode,
      })),
      next: rows.length > pageSize && last ? sstvCursor(last.position) : null,
    };
    res.setHeader('Cache-Control', 'no-store');
    res.json(answer);
  }));
  return router;
}
