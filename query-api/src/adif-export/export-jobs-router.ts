import type { Request, Response } from 'express';
import { Router } from 'express';
import {
  EXPORT_FILE_GONE,
  EXPORT_FILE_LIFETIME_MS,
  EXPORT_JOB_FAILED,
  EXPORT_JOB_FAILED_NO_FILE,
  EXPORT_JOB_NOT_FOUND,
  EXPORT_LINK_EXPIRED,
  EXPORT_LINK_INVALID,
  EXPORT_LINK_LIFETIME_MS,
  EXPORT_NOT_READY,
  exportLinkLive,
  exportLinkText,
  exportLinkUrl,
  readExportLinkQuery,
  type ExportJobsAnswer,
  type ExportLinkAnswer,
  type ExportLinkQuery,
} from '@hamlog/domain';
import { SERVER_SECRET_NAMES, serverSigner } from '@hamlog/infra/auth/server-secrets';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { HttpError } from '@hamlog/infra/http/errors';
import { adifExportsOf, findAdifExport, type AdifExportRow } from '@hamlog/infra/read-models/adif-exports/queries';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';

/**
 * POST /vexportjobs: the caller's export jobs of the last 24 hours, newest first.
 * POST /vexportjobs/{id}/link: a signed link to a completed job's file, to its owner only, working
 * for 5 minutes (decision 0046); the page hands it to the browser, which streams the file to disk.
 * GET /vexportjobs/{id}/download: a completed job's file, streamed as an attachment, to its owner
 * only (another user's job is not found, as is one that never existed), by the owner's bearer
 * token (scripts) or by a signed link (no credentials: 403 when the link is not valid or expired).
 */
const DOWNLOAD_PATH = '/vexportjobs/:job_id/download';

export function exportJobsRouter(deps: QueryDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  const signedIn = authenticate(deps.sessions, true);
  const fresh = readYourWrites(deps, ['adif-exports']);
  const signer = serverSigner(deps.pool, SERVER_SECRET_NAMES.exportDownloadLinks);

  /** The job's row when its file may be downloaded: the same refusals for the link and the download. */
  function downloadable(row: AdifExportRow | null, userId: string): AdifExportRow {
    if (!row || row.userId !== userId) throw new HttpError(404, EXPORT_JOB_NOT_FOUND);
    if (row.createdAt.getTime() + EXPORT_FILE_LIFETIME_MS <= now().getTime()) throw new HttpError(410, EXPORT_FILE_GONE);
    if (row.job.status === EXPORT_JOB_FAILED) throw new HttpError(409, EXPORT_JOB_FAILED_NO_FILE);
    if (row.job.status === null) throw new HttpError(409, EXPORT_NOT_READY);
    return row;
  }

  async function streamFile(req: Request, res: Response, row: AdifExportRow): Promise<void> {
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
  }

  router.post('/vexportjobs', signedIn, fresh, asyncHandler(async (_req, res) => {
    const answer: ExportJobsAnswer = { jobs: await adifExportsOf(deps.pool, currentUserId(res), new Date(now().getTime() - EXPORT_FILE_LIFETIME_MS)) };
    res.setHeader('Cache-Control', 'no-store');
    res.json(answer);
  }));

  router.post('/vexportjobs/:job_id/link', signedIn, fresh, asyncHandler(async (req, res) => {
    const userId = currentUserId(res);
    const row = downloadable(await findAdifExport(deps.pool, String(req.params.job_id)), userId);
    // A file swept away is refused here, where the page can say so, rather than by the browser's download.
    if (!(await deps.files.exists(row.storageName))) throw new HttpError(410, EXPORT_FILE_GONE);
    const expiresMs = now().getTime() + EXPORT_LINK_LIFETIME_MS;
    const sig = await signer.sign(exportLinkText(row.job.id, userId, expiresMs));
    const answer: ExportLinkAnswer = { url: exportLinkUrl(row.job.id, expiresMs, sig), expires_at: new Date(expiresMs).toISOString() };
    res.setHeader('Cache-Control', 'no-store');
    res.json(answer);
  }));

  /** The job a signed link opens: its signature is checked against the job's owner before anything else is said about the job. */
  async function linkedJob(jobId: string, link: Exclude<ExportLinkQuery, { kind: 'none' }>): Promise<AdifExportRow> {
    if (link.kind !== 'signed') throw new HttpError(403, EXPORT_LINK_INVALID);
    const row = await findAdifExport(deps.pool, jobId);
    if (!row || !(await signer.verify(exportLinkText(row.job.id, row.userId, link.expiresMs), link.sig))) throw new HttpError(403, EXPORT_LINK_INVALID);
    if (!exportLinkLive(link.expiresMs, now())) throw new HttpError(403, EXPORT_LINK_EXPIRED);
    return downloadable(row, row.userId);
  }

  /**
   * By a signed link: it names its job and owner itself, so no credentials and no read-your-writes
   * wait (it was handed out from a read that had waited, and a completed job only changes by
   * expiring). A request without one goes on to the next route, which asks for the owner's token.
   */
  router.get(DOWNLOAD_PATH, asyncHandler(async (req, res, next) => {
    const link = readExportLinkQuery(req.query);
    if (link.kind === 'none') return next('route');
    await streamFile(req, res, await linkedJob(String(req.params.job_id), link));
  }));

  router.get(DOWNLOAD_PATH, signedIn, fresh, asyncHandler(async (req, res) => {
    await streamFile(req, res, downloadable(await findAdifExport(deps.pool, String(req.params.job_id)), currentUserId(res)));
  }));

  return router;
}
