import { Router } from 'express';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { HttpError } from '@hamlog/infra/http/errors';
import type { FileStorage } from '@hamlog/infra/ports/file-storage';

const RANGE = /^bytes=(\d*)-(\d*)$/;

/** The single byte range a request asks for, null for the whole file, 'unsatisfiable' when it lies outside. */
function byteRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  const match = header ? RANGE.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, from = '', to = ''] = match;
  const start = from === '' ? Math.max(0, size - Number(to)) : Number(from);
  const end = from === '' || to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}

/**
 * GET /media/{file_name}: an uploaded file (recording, SSTV image, photo). Names come from the
 * content's hash, so a file never changes and may be cached for good. Byte ranges are served,
 * so audio players can seek.
 */
export function mediaRouter(deps: { files: FileStorage }): Router {
  const router = Router();
  router.get('/media/:file_name', asyncHandler(async (req, res) => {
    const file = await deps.files.get(String(req.params.file_name));
    if (!file) throw new HttpError(404, 'No such file.');
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Accept-Ranges', 'bytes');
    const range = byteRange(req.headers.range, file.bytes.length);
    if (range === 'unsatisfiable') {
      res.status(416).setHeader('Content-Range', `bytes */${file.bytes.length}`).end();
      return;
    }
    if (range) {
      res.status(206).setHeader('Content-Range', `bytes ${range.start}-${range.end}/${file.bytes.length}`);
      res.end(file.bytes.subarray(range.start, range.end + 1));
      return;
    }
    res.end(file.bytes);
  }));
  return router;
}
