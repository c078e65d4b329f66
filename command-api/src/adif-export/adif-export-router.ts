import { Router } from 'express';
import type { ExportRequestAnswer } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import type { CommandDeps } from '../deps';
import { answerWithPosition } from '../http/answer';
import { bodyObject } from '../http/body';
import { commandMetadata } from '../http/metadata';
import { requestAdifExport } from './request-export';

/** POST /vexportadif: start_date and end_date (or start_datetime and end_datetime); 201 with a new job, 200 with the one already asked for. */
export function adifExportRouter(deps: CommandDeps): Router {
  const router = Router();
  router.post('/vexportadif', authenticate(deps.sessions, true), asyncHandler(async (req, res) => {
    const userId = currentUserId(res);
    const { job, created, handled } = await requestAdifExport(deps, userId, bodyObject(req), commandMetadata(res, userId), deps.now?.() ?? new Date());
    const answer: ExportRequestAnswer = { status: 'ok', job };
    await answerWithPosition(res, handled.appended, answer, created ? 201 : 200);
  }));
  return router;
}
