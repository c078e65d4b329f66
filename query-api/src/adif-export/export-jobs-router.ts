import { Router } from 'express';
import {
  EXPORT_FILE_GONE,
  EXPORT_FILE_LIFETIME_MS,
  EXPORT_JOB_FAILED,
  EXPORT_JOB_FAILED_NO_FILE,
  EXPORT_JOB_NOT_FOUND,
  EXPORT_NOT_READY,
  type ExportJobsAnswer,
} from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { HttpError } from '@hamlog/infra/http/errors';
import { adifExportsOf, findAdifExport } from '@hamlog/infra/read-models/adif-exports/queries';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';

/**
 * POST /vexportjobs: the caller's export jobs of the last 24 hours, newest first.
 * GET /vexportjobs/{id}/download: a completed job's file, to its owner only (another user's job is
 * not found, as is one that never existed), streamed as an attachment.
 */
export function exportJobsRouter(deps: QueryDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  const signedIn = authenticate(deps.sessions, true);
  const fresh = readYourWrites(deps, ['adif-exports']);

  router.post('/vexportjobs', signedIn, fresh, asyncHandler(async (_req, res) => {
    const answer: ExportJobsAnswer = { jobs: await adifExportsOf(deps.pool, currentUserId(res), new Date(now().getTime() - EXPORT_FILE_LIFETIME_MS)) };
    res.setHeader('Cache-Control', 'no-store');
    res.json(answer);
  }));

  router.get('/vexportjobs/:job_id/download', signedIn, fresh, asyncHandler(async (req, res) => {
    const row = await findAdifExport(deps.pool, String(req.params.job_id));
    if (!row || row.userId !== currentUserId(res)) throw new HttpError(404, EXPORT_JOB_NOT_FOUND);
    if (row.createdAt.getTime() + EXPORT_FILE_LIFETIME_MS <= now().getTime()) throw new HttpError(410, EXPORT_FILE_GONE);
    if (row.job.status === EXPORT_JOB_FAILED) throw new HttpError(409, EXPORT_JOB_FAILED_NO_FILE);
    if (row.job.status === null) throw new HttpError(409, EXPORT_NOT_READY);
    const file = await deps.files.open(row.storageName);
    if (!file) throw new HttpError(410, EXPORT_FILE_GONE);
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${row.job.filename}"`);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method === 'HEAD' || file.size === 0) {
      await file.close();
      res.end();
      return;
    }
    const body = file.stream();
    body.on('error', (error) => res.destroy(error));
    res.on('close', () => body.destroy());
    body.pipe(res);
  }));

  return router;
}
