import { Router } from 'express';
import { parseRigReport, type RigCommand } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { cloudlogBody, cloudlogFailure } from '@hamlog/infra/http/cloudlog';
import { fieldErrors } from '@hamlog/infra/http/errors';
import { rigStreamRevision } from '@hamlog/infra/read-models/live-stations/queries';
import { writerOfKey } from '../cloudlog/api-key-writer';
import type { CommandDeps } from '../deps';
import { answerWithPosition } from '../http/answer';
import { commandMetadata } from '../http/metadata';
import { reportRig } from './report-rig';
import { RigStreams } from './rig-streams';

export const RADIO_PATH = '/radio';
const BODY_LIMIT = '16kb';

/**
 * POST /api/radio, Cloudlog's rig call: a companion app reports the rig (JSON under any content
 * type, a form, or hand-built JSON; infra/src/http/cloudlog.ts), authenticated by a read-write
 * API key in the body. Answers {"status":"success"}; failures the way Cloudlog words them.
 * Mounted before the app's JSON parser (cloudlogCommandRouter).
 */
export function rigRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  const streams = new RigStreams(deps.store, (userId) => rigStreamRevision(deps.pool, userId));

  router.post(
    RADIO_PATH,
    ...cloudlogBody(BODY_LIMIT),
    asyncHandler(async (req, res) => {
      const body = req.body as Record<string, unknown>;
      const userId = await writerOfKey(deps.pool, body.key);
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
