import { Router } from 'express';
import {
  PROFILE_CALLSIGN_REQUIRED,
  PROFILE_NOT_FOUND,
  PROFILE_PHOTO_LIMIT,
  PROFILE_QSO_HISTORY_LIMIT,
  PROFILE_AWARDS_LIMIT,
  qsoFieldsToApi,
  type ProfileAnswer,
} from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate } from '@hamlog/infra/http/auth-middleware';
import { fieldErrors, HttpError } from '@hamlog/infra/http/errors';
import { awardsOfUser } from '@hamlog/infra/read-models/awards/queries';
import { isFollowing } from '@hamlog/infra/read-models/follows/queries';
import { logbookPage } from '@hamlog/infra/read-models/logbook/queries';
import { photosOf } from '@hamlog/infra/read-models/photos/queries';
import { postTitlesOf } from '@hamlog/infra/read-models/posts/queries';
import { findPublicUserByCallsign } from '@hamlog/infra/read-models/profiles/queries';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';

function callsignOf(query: unknown): string {
  const value = (query as { callsign?: unknown }).callsign;
  const callsign = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (callsign === '' || callsign.length > 30) throw fieldErrors({ callsign: [PROFILE_CALLSIGN_REQUIRED] });
  return callsign;
}

/** The user's newest posts listed on the profile (id and title). */
const PROFILE_POSTS_LIMIT = 20;

/**
 * GET /vprofilefor?callsign= (public; bearer optional): a user's public profile, last photos and
 * recent QSOs, and for a signed-in caller whether they follow this user. An unknown callsign is
 * a 404 (the client then offers adding it as a sub-account).
 */
export function profilesRouter(deps: QueryDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  router.get(
    '/vprofilefor',
    authenticate(deps.sessions, false),
    readYourWrites(deps, ['users', 'photos', 'follows', 'logbook', 'posts']),
    asyncHandler(async (req, res) => {
      const user = await findPublicUserByCallsign(deps.pool, callsignOf(req.query), now());
      if (!user) throw new HttpError(404, PROFILE_NOT_FOUND);
      const viewer = res.locals.userId as string | undefined;
      const [photos, qsos, following, awards, posts] = await Promise.all([
        photosOf(deps.pool, user.id, PROFILE_PHOTO_LIMIT),
        logbookPage(deps.pool, user.id, 1, PROFILE_QSO_HISTORY_LIMIT),
        viewer && viewer !== user.id ? isFollowing(deps.pool, viewer, user.id) : false,
        awardsOfUser(deps.pool, user.id, PROFILE_AWARDS_LIMIT),
        postTitlesOf(deps.pool, user.id, PROFILE_POSTS_LIMIT),
      ]);
      const answer: ProfileAnswer = {
        profile: {
          ...user,
          main_account: user.managed_by_callsign,
          photos,
          user_awards: awards,
          posts,
          qso_history: qsos.map((row) => qsoFieldsToApi(row.qdoId, row.stationCallsign, row.fields)),
        },
        following,
      };
      res.json(answer);
    }),
  );
  return router;
}
