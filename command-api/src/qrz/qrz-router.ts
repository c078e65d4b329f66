import { Router } from 'express';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { QrzLogbookClient } from '@hamlog/infra/qrz/qrz-logbook-client';
import type { CommandDeps } from '../deps';
import { answerWithPosition } from '../http/answer';
import { commandMetadata } from '../http/metadata';
import { confirmedQsoFinder } from '../import/find-confirmed';
import { importFromQrz } from './import-from-qrz';

export const QRZ_IMPORT_PATH = '/vimportqrz';

/** POST /vimportqrz (no payload): 200 with status 'ok' and the counts, or status 'error' and why. */
export function qrzRouter(deps: CommandDeps): Router {
  const router = Router();
  const qrz = new QrzLogbookClient({ url: deps.qrzLogbookUrl });
  const now = () => deps.now?.() ?? new Date();
  router.post(QRZ_IMPORT_PATH, authenticate(deps.sessions, true), asyncHandler(async (_req, res) => {
    const userId = currentUserId(res);
    const { answer, lastAppend } = await importFromQrz({ store: deps.store, qrz, now, findConfirmed: confirmedQsoFinder(deps), connectedKey: async (id) => (await deps.connections?.get(id, 'qrz'))?.secrets.api_key }, userId, (stationCallsign) =>
      commandMetadata(res, userId, { stationUserId: userId, stationCallsign }),
    );
    await answerWithPosition(res, lastAppend, answer);
  }));
  return router;
}
