import { Router } from 'express';
import type { EmbedCodesAnswer } from '@hamlog/domain/embeds/embed-codes';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { HttpError } from '@hamlog/infra/http/errors';
import { findUser } from '@hamlog/infra/read-models/users/queries';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';

/**
 * GET /embed-codes (signed in): what /how-to/embeds builds the caller's five snippets from: their
 * callsign, their referral id (their user id: whoever registers through their embed is theirs)
 * and the site's configured public address.
 */
export function embedCodesRouter(deps: QueryDeps): Router {
  const router = Router();
  router.get('/embed-codes', authenticate(deps.sessions, true), readYourWrites(deps, ['users']), asyncHandler(async (_req, res) => {
    const user = await findUser(deps.pool, currentUserId(res));
    if (!user) throw new HttpError(404, 'User not found.');
    const answer: EmbedCodesAnswer = { callsign: user.callsign, ref_id: user.id, base_url: deps.publicUrl ?? null };
    res.setHeader('Cache-Control', 'no-store');
    res.json(answer);
  }));
  return router;
}
