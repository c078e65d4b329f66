import { Router } from 'express';
import {
  QSO_NOT_FOUND,
  qsoFieldsToApi,
  qsoHistory,
  qsoImportStreamName,
  type DeletedQsosAnswer,
  type QsoImportStarted,
  type QsoEvent,
  type QsoHistoryAnswer,
} from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { HttpError } from '@hamlog/infra/http/errors';
import type { EventStore } from '@hamlog/infra/ports/event-store';
import { trashCount, trashPage } from '@hamlog/infra/read-models/qso-trash/queries';
import type { QueryDeps } from '../deps';
import { pageParams } from '../http/page-params';
import { readYourWrites } from '../http/read-your-writes';
import { withMedia } from './qso-media-answer';
import { qdoIdOf } from './qso-id';
import { readQsoStream, type QsoStream } from './qso-stream';

const DELETED_PAGE_SIZE = 50;
const DELETED_MAX_SIZE = 100;

/** The file each import read (its stream's first event), by import id. */
async function importFileNames(store: EventStore, ids: unknown[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  const started = await Promise.all(unique.map((id) => store.readStream(qsoImportStreamName(id), { maxCount: 1 })));
  return new Map(unique.flatMap((id, i) => {
    const first = started[i]![0];
    const fileName = first?.type === 'QsoImportStarted' ? (first.data as QsoImportStarted['data']).fileName : '';
    return fileName ? [[id, fileName] as const] : [];
  }));
}

/** The QSO as its stream ends (deleted or not), with its attachments. */
function lastKnownQso(qdoId: string, state: NonNullable<QsoStream['state']>) {
  return withMedia(qsoFieldsToApi(qdoId, state.stationCallsign, state.fields), { recordings: state.recordings, sstvs: state.sstvs });
}

/**
 * The owner's view of a QSO's life: its history (read from its stream, so always current) and
 * the QSOs they deleted. Anyone else gets the same 404 as for a QSO that does not exist.
 */
export function qsoHistoryRouter(deps: QueryDeps): Router {
  const router = Router();
  const signedIn = authenticate(deps.sessions, true);

  router.post('/vqso/history', authenticate(deps.sessions, true, 'readLogbook'), asyncHandler(async (req, res) => {
    const qdoId = qdoIdOf(req.body);
    const { state, events } = await readQsoStream(deps.store, qdoId);
    if (!state || state.stationUserId !== currentUserId(res)) throw new HttpError(404, QSO_NOT_FOUND);
    const files = await importFileNames(deps.store, events.map((e) => e.metadata.importId));
    const history = qsoHistory(
      events.map((e) => ({
        event: { type: e.type, data: e.data } as QsoEvent,
        position: e.position,
        at: e.createdAt,
        ...(typeof e.metadata.importId === 'string' && files.has(e.metadata.importId) ? { importFileName: files.get(e.metadata.importId)! } : {}),
      })),
    );
    const rejections = await deps.connections.rejectionsOf(state.stationUserId, qdoId);
    const answer: QsoHistoryAnswer = { qdo_id: qdoId, deleted: state.deleted, qso: lastKnownQso(qdoId, state), history, ...(rejections.length > 0 ? { rejections } : {}) };
    res.json(answer);
  }));

  router.post('/vqso/deleted', signedIn, readYourWrites(deps, ['qso-trash']), asyncHandler(async (req, res) => {
    const userId = currentUserId(res);
    const { page, size } = pageParams(req.body, DELETED_PAGE_SIZE, DELETED_MAX_SIZE);
    const [entries, total] = await Promise.all([trashPage(deps.pool, userId, page, size), trashCount(deps.pool, userId)]);
    const streams = await Promise.all(entries.map((entry) => readQsoStream(deps.store, entry.qdoId)));
    const qsos = entries.flatMap((entry, i) => {
      const state = streams[i]?.state;
      // The stream is the truth: a QSO restored since the trash was read is left out.
      if (!state || !state.deleted || state.stationUserId !== userId) return [];
      return [{ ...lastKnownQso(entry.qdoId, state), deleted_at: entry.deletedAt }];
    });
    const answer: DeletedQsosAnswer = { qsos, page, size, total };
    res.json(answer);
  }));

  return router;
}
