import { Router, type Request } from 'express';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { HttpError } from '@hamlog/infra/http/errors';
import type { FileStorage } from '@hamlog/infra/ports/file-storage';
import type { Pool } from '@hamlog/infra/postgres/pool';
import { isPrivateFileName } from '@hamlog/infra/files/content-name';
import { isOnlyInTrash } from '@hamlog/infra/read-models/qso-media/queries';
import { byteRange } from './byte-range';

/** Whether the request's If-None-Match names this ETag (or any, with '*'). */
function notModified(req: Request, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * GET /media/{file_name}: an uploaded file (recording, SSTV image, photo), streamed from storage
 * so a slow reader of a 20 MB recording holds a socket's worth of it in memory, not the file.
 * Every stored name is derived from the content (its hash, or a photo id made from it), so a file
 * never changes under its name: the name is its ETag. It is not cached for good, though: an
 * attachment stops being served when its QSO is deleted, so a cache keeps it only to ask again
 * with the ETag each time (a 304 costs no bytes), and no shared cache keeps it at all. Byte ranges
 * are served, so audio players can seek. Attachments of a QSO in the trash are not served.
 */
export function mediaRouter(deps: { files: FileStorage; pool: Pool }): Router {
  const router = Router();
  router.get('/media/:file_name', asyncHandler(async (req, res) => {
    const name = String(req.params.file_name);
    if (isPrivateFileName(name)) throw new HttpError(404, 'No such file.');
    const file = await deps.files.open(name);
    if (!file) throw new HttpError(404, 'No such file.');
    let streaming = false;
    try {
      if (await isOnlyInTrash(deps.pool, name)) throw new HttpError(404, 'No such file.');
      const etag = `"${name}"`;
      res.setHeader('ETag', etag);
      res.setHeader('Cache-Control', 'private, max-age=0, must-revalidate');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Accept-Ranges', 'bytes');
      if (notModified(req, etag)) {
        res.status(304).end();
        return;
      }
      res.setHeader('Content-Type', file.contentType);
      const range = byteRange(req.headers.range, file.size);
      if (range === 'unsatisfiable') {
        res.status(416).setHeader('Content-Range', `bytes */${file.size}`).end();
        return;
      }
      if (range) res.status(206).setHeader('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
      res.setHeader('Content-Length', range ? range.end - range.start + 1 : file.size);
      if (req.method === 'HEAD' || file.size === 0) {
        res.end();
        return;
      }
      const body = file.stream(range ?? undefined);
      streaming = true;
      body.on('error', (error) => res.destroy(error));
      res.on('close', () => body.destroy());
      body.pipe(res);
    } finally {
      if (!streaming) await file.close();
    }
  }));
  return router;
}
