import { Router } from 'express';
import { CLOUDLOG_NO_RECORDS, CLOUDLOG_STATION_NOT_OWNED, CLOUDLOG_TYPE_NOT_ADIF, qsoAnswer, stationById } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { cloudlogBody, cloudlogFailure } from '@hamlog/infra/http/cloudlog';
import { HttpError } from '@hamlog/infra/http/errors';
import { stationsOf } from '@hamlog/infra/read-models/users/api-keys';
import type { CommandDeps } from '../deps';
import { answerWithPosition } from '../http/answer';
import { commandMetadata } from '../http/metadata';
import { writerOfKey } from './api-key-writer';
import { logAdifQsos } from './log-adif-qsos';

/** POST /api/qso (and /api/qso/{dryrun}, a dry run). */
export const QSO_API_PATH = '/qso';
/** A batch from a logging program's upload: thousands of QSOs fit. */
const BODY_LIMIT = '32mb';

/** Wavelog's qso($dryrun): any segment but these asks for a dry run. */
const isDryRun = (segment: string | undefined): boolean => segment !== undefined && segment !== '0' && segment.toLowerCase() !== 'false';

/**
 * Cloudlog/Wavelog's QSO call: {key, station_profile_id, type: 'adif', string}. The key must be a
 * read-write key; station_profile_id picks one of the key's stations (GET station_info: the
 * account itself, or one of its sub-accounts), whose log the contacts go into.
 */
export function qsoApiRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();

  router.post(
    [QSO_API_PATH, '/qso/:dryrun'],
    ...cloudlogBody(BODY_LIMIT),
    asyncHandler(async (req, res) => {
      const body = req.body as Record<string, unknown>;
      const keyUserId = await writerOfKey(deps.pool, body.key);
      const station = stationById(await stationsOf(deps.pool, keyUserId), body.station_profile_id);
      if (!station) throw new HttpError(401, CLOUDLOG_STATION_NOT_OWNED);
      if (typeof body.type !== 'string' || body.type.trim().toLowerCase() !== 'adif') throw new HttpError(400, CLOUDLOG_TYPE_NOT_ADIF);
      const adif = typeof body.string === 'string' ? body.string : '';
      if (!/<eor>/i.test(adif)) throw new HttpError(400, CLOUDLOG_NO_RECORDS);

      const { outcome, appended } = await logAdifQsos(deps.store, station, adif, {
        now: now(),
        dryRun: isDryRun(req.params.dryrun as string | undefined),
        // The contacts are the station's own (a sub-account's log), written through its owner's key.
        metadata: (stationCallsign) => commandMetadata(res, station.userId, { stationUserId: station.userId, stationCallsign, apiKeyUserId: keyUserId }),
      });
      const answer = qsoAnswer(outcome);
      await answerWithPosition(res, appended, answer.body, answer.status);
    }),
    cloudlogFailure,
  );
  return router;
}
