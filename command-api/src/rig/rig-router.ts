import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { parseRigReport, RADIO_KEY_INVALID, type RigCommand } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { errorAnswerOf } from '@hamlog/infra/http/error-answers';
import { fieldErrors, HttpError } from '@hamlog/infra/http/errors';
import { refuseUnstorableBody, verifyUtf8 } from '@hamlog/infra/http/storable-text';
import { rigStreamRevision } from '@hamlog/infra/read-models/rig/queries';
import { findUserIdByApiKey } from '@hamlog/infra/read-models/users/queries';
import type { CommandDeps } from '../deps';
import { answerWithPosition } from '../http/answer';
import { bodyObject } from '../http/body';
import { commandMetadata } from '../http/metadata';
import { reportRig } from './report-rig';
import { RigStreams } from './rig-streams';

export const RADIO_PATH = '/radio';
const BODY_LIMIT = '16kb';

/** Failures the way Cloudlog/Wavelog answer them, so companion apps read them as they expect. */
function cloudlogFailure(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  const answer = errorAnswerOf(error);
  if (answer) {
    res.status(answer.status).json({ status: 'failed', reason: answer.message, ...(answer.errors ? { errors: answer.errors } : {}) });
  } else if ((error as { type?: string }).type === 'entity.parse.failed') {
    res.status(400).json({ status: 'failed', reason: 'wrong JSON' });
  } else {
    next(error);
  }
}

/**
 * POST /api/radio, Cloudlog's rig call: a companion app reports the rig (JSON, any content type,
 * or a form), authenticated by the user's API key in the body. Answers {"status":"success"}.
 */
export function rigRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  const streams = new RigStreams(deps.store, (userId) => rigStreamRevision(deps.pool, userId));

  router.post(
    RADIO_PATH,
    express.urlencoded({ extended: false, limit: BODY_LIMIT, verify: verifyUtf8 }),
    express.json({ type: () => true, limit: BODY_LIMIT, verify: verifyUtf8 }),
    refuseUnstorableBody,
    asyncHandler(async (req, res) => {
      const body = bodyObject(req);
      const key = typeof body.key === 'string' ? body.key.trim() : '';
      const userId = key ? await findUserIdByApiKey(deps.pool, key) : null;
      if (!userId) throw new HttpError(401, RADIO_KEY_INVALID);
      const parsed = parseRigReport(body);
      if (!parsed.ok) throw fieldErrors(parsed.errors);

      const command: RigCommand = { type: 'ReportRig', data: { userId, report: parsed.report, at: now().toISOString() } };
      const handled = await reportRig(deps.store, streams, command, commandMetadata(res, userId));
      await answerWithPosition(res, handled.appended, { status: 'success' });
    }),
    cloudlogFailure,
  );
  return router;
}
