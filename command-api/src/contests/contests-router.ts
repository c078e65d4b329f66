import { Router } from 'express';
import { CONTEST_ID_REQUIRED, contestSummary, TOO_MANY_CONTESTS, type ContestAnswer } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { fieldErrors, HttpError } from '@hamlog/infra/http/errors';
import { SlidingQuota } from '@hamlog/infra/http/sliding-quota';
import type { CommandDeps } from '../deps';
import { answerWithPosition } from '../http/answer';
import { bodyObject } from '../http/body';
import { commandMetadata } from '../http/metadata';
import { createContest, updateContest } from './contest-commands';

export const CONTEST_PATHS = ['/vcontest/create', '/vcontest/update'];
/** New contests per organiser: enough for a club's calendar, too few to flood the list. */
const CONTESTS_PER_DAY = [{ max: 20, windowMs: 24 * 60 * 60 * 1000 }];

/**
 * POST /vcontest/create and /vcontest/update: any signed-in user may organise a contest; only its
 * organiser may change it. Both answer {contest} with the window shown now.
 */
export function contestsRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  const creations = new SlidingQuota(CONTESTS_PER_DAY, () => now().getTime());

  router.post('/vcontest/create', authenticate(deps.sessions, true), asyncHandler(async (req, res) => {
    const userId = currentUserId(res);
    const body = bodyObject(req);
    const turn = creations.take(userId);
    if (!turn.granted) {
      res.setHeader('Retry-After', String(turn.retryAfterSeconds));
      throw new HttpError(429, TOO_MANY_CONTESTS);
    }
    const at = now();
    let written;
    try {
      written = await createContest(deps.store, userId, body, commandMetadata(res, userId), at);
    } catch (error) {
      turn.giveBack();
      throw error;
    }
    // A resend that made nothing new does not use up the quota.
    if (!written.appended) turn.giveBack();
    const answer: ContestAnswer = { contest: contestSummary(written.contest, at) };
    await answerWithPosition(res, written.appended, answer, written.appended ? 201 : 200);
  }));

  router.post('/vcontest/update', authenticate(deps.sessions, true), asyncHandler(async (req, res) => {
    const userId = currentUserId(res);
    const body = bodyObject(req);
    const contestId = typeof body.contest_id === 'string' ? body.contest_id.trim() : '';
    if (!contestId) throw fieldErrors({ contest_id: [CONTEST_ID_REQUIRED] });
    const at = now();
    const written = await updateContest(deps.store, contestId, userId, body, commandMetadata(res, userId), at);
    const answer: ContestAnswer = { contest: contestSummary(written.contest, at) };
    await answerWithPosition(res, written.appended, answer);
  }));

  return router;
}
