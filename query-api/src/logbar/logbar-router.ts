import { Router } from 'express';
import { humanTimeSince, LOGBAR_QSO_LIMIT, PROFILE_PHOTO_LIMIT, qsoFieldsToApi, resolveCallsign, type LogbarAnswer, type LogbarUser } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate } from '@hamlog/infra/http/auth-middleware';
import { callHistory, type CallHistory } from '@hamlog/infra/read-models/logbook/lookup-queries';
import { photosOf, profileImageName } from '@hamlog/infra/read-models/photos/queries';
import { findUserByCallsign } from '@hamlog/infra/read-models/users/by-callsign';
import type { Pool } from '@hamlog/infra/postgres/pool';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';
import { logbarCallsign } from './logbar-callsign';

const NO_HISTORY: CallHistory = { total: 0, firstTs: null, lastTs: null, name: '', qsos: [] };

/** The station on this service that owns the callsign, as the log bar shows it, with its latest photos. */
async function stationUser(pool: Pool, callsign: string): Promise<LogbarUser | null> {
  const owner = await findUserByCallsign(pool, callsign);
  if (!owner) return null;
  const [profileImage, photos] = await Promise.all([profileImageName(pool, owner.id), photosOf(pool, owner.id, PROFILE_PHOTO_LIMIT)]);
  return {
    id: owner.id,
    name: owner.name,
    my_callsign: owner.callsign,
    profile_image_name: profileImage,
    photos: photos.map((photo) => ({ file_name: photo.profile_image_name })),
  };
}

export function logbarRouter(deps: QueryDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();

  /**
   * The logger's callsign search. The entity and location come from the callsign for everyone;
   * the counts, times, name and previous contacts are the caller's own (none for visitors).
   */
  router.post('/vlogbar/:callsign', authenticate(deps.sessions, false, 'readLogbook'), readYourWrites(deps, ['logbook', 'users']), asyncHandler(async (req, res) => {
    const callsign = logbarCallsign(req.params.callsign as string | undefined);
    const userId = res.locals.userId as string | undefined;
    const [history, user] = await Promise.all([
      userId ? callHistory(deps.pool, userId, callsign, LOGBAR_QSO_LIMIT) : NO_HISTORY,
      stationUser(deps.pool, callsign),
    ]);
    const at = now();
    const location = resolveCallsign(callsign);
    const entity = location && location.dxcc !== 0 ? location : null;
    const answer: LogbarAnswer = {
      callsign,
      human_time_since_last_qso: history.lastTs ? humanTimeSince(history.lastTs, at) : null,
      human_time_since_first_qso: history.firstTs ? humanTimeSince(history.firstTs, at) : null,
      total_qsos: history.total,
      dxcc_entity: entity?.dxcc ?? 0,
      country: entity?.country ?? '',
      continent: entity?.continent ?? '',
      cq_zone: entity?.cqZone ?? null,
      itu_zone: entity?.ituZone ?? null,
      lat: entity?.lat ?? null,
      lon: entity?.lon ?? null,
      user,
      qsos: history.qsos.map((row) => qsoFieldsToApi(row.qdoId, row.stationCallsign, row.fields)),
      name: history.name || user?.name || '',
    };
    res.json(answer);
  }));

  return router;
}
