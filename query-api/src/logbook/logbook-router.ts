import { Router } from 'express';
import { isFiltered, qsoFieldsToApi, readLogbookFilter, type LogbookAnswer, type LogbookCountAnswer } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { fieldErrors, HttpError } from '@hamlog/infra/http/errors';
import { filteredLogbookPage, findQso, logbookCount, logbookPage, type QsoRow } from '@hamlog/infra/read-models/logbook/queries';
import type { QueryDeps } from '../deps';
import { findQsoMedia } from '@hamlog/infra/read-models/qso-media/queries';
import { withMedia } from '../qso/qso-media-answer';
import { readYourWrites } from '../http/read-your-writes';

const PAGE_SIZE = 500;

function positiveInt(value: unknown, fallback: number, name: string, max: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new HttpError(422, `The ${name} field must be a whole number from 1 to ${max}.`, { [name]: [`The ${name} field must be a whole number from 1 to ${max}.`] });
  return n;
}

function qdoIdOf(body: unknown): string {
  const id = (body as { qdo_id?: unknown } | undefined)?.qdo_id;
  if (typeof id !== 'string' || id.length === 0 || id.length > 64) throw new HttpError(422, 'The qdo id field is required.', { qdo_id: ['The qdo id field is required.'] });
  return id;
}

const toApi = (row: QsoRow) => qsoFieldsToApi(row.qdoId, row.stationCallsign, row.fields);

export function logbookRouter(deps: QueryDeps): Router {
  const router = Router();
  const fresh = readYourWrites(deps, ['logbook']);
  const freshQso = readYourWrites(deps, ['logbook', 'qso-media']);
  // These reads are a key session's 'read your logbook' too (decision 0049).
  const signedIn = authenticate(deps.sessions, true, 'readLogbook');
  const anyone = authenticate(deps.sessions, false, 'readLogbook');

  router.post('/vlogbook', signedIn, fresh, asyncHandler(async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const page = positiveInt(body.page, 1, 'page', 1_000_000);
    const size = positiveInt(body.size, PAGE_SIZE, 'size', PAGE_SIZE);
    const read = readLogbookFilter(body);
    if (!read.ok) throw fieldErrors(read.errors);
    const userId = currentUserId(res);
    if (isFiltered(read.filter)) {
      const { rows, total } = await filteredLogbookPage(deps.pool, userId, read.filter, page, size);
      const answer: LogbookAnswer = { logbook: rows.map(toApi), page, size, total };
      res.json(answer);
      return;
    }
    const [rows, total] = await Promise.all([logbookPage(deps.pool, userId, page, size), logbookCount(deps.pool, userId)]);
    const answer: LogbookAnswer = { logbook: rows.map(toApi), page, size, total };
    res.json(answer);
  }));

  router.post('/vlogbookcount', signedIn, fresh, asyncHandler(async (_req, res) => {
    const answer: LogbookCountAnswer = { count: await logbookCount(deps.pool, currentUserId(res)) };
    res.json(answer);
  }));

  // The logger's edit form: only the owner may load a QSO here.
  router.post('/vqso/get', signedIn, freshQso, asyncHandler(async (req, res) => {
    const row = await findQso(deps.pool, qdoIdOf(req.body));
    if (!row || row.stationUserId !== currentUserId(res)) throw new HttpError(404, 'QSO not found');
    res.json(withMedia(toApi(row), await findQsoMedia(deps.pool, row.qdoId)));
  }));

  // The public QSO page (/qso/{id}) reads through here: a QSO page is public.
  router.post('/vgetFullQso', anyone, freshQso, asyncHandler(async (req, res) => {
    const row = await findQso(deps.pool, qdoIdOf(req.body));
    if (!row) throw new HttpError(404, 'QSO not found');
    res.json({ qso: withMedia(toApi(row), await findQsoMedia(deps.pool, row.qdoId)) });
  }));

  return router;
}
