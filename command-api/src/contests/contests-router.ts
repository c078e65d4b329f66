import { Router } from 'express';
import { CONTEST_ID_REQUIRED, contestSummary, TOO_MANY_CONTESTS, type ContestAnswer, type ContestCategoryAnswer } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { fieldErrors } from '@hamlog/infra/http/errors';
import { takeSlots } from '@hamlog/infra/http/rate-limit';
import type { CommandDeps } from '../deps';
import { answerWithPosition } from '../http/answer';
import { bodyObject } from '../http/body';
import { limiter } from '../http/limits';
import { commandMetadata } from '../http/metadata';
import { chooseContestCategory } from './contest-category';
import { createContest, updateContest } from './contest-commands';

/** New contests per organiser: enough for a club's calendar, too few to flood the list. */
const CONTESTS_PER_DAY = [{ max: 20, windowMs: 24 * 60 * 60 * 1000 }];

/**
 * POST /vcontest/create and /vcontest/update: any signed-in user may organise a contest; only its
 * organiser may change it. Both answer {contest} with the window shown now. POST
 * /vcontest/{id}/category: the caller's own category in a contest.
 */
export function contestsRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  const creations = limiter(deps, { name: 'contests-organiser', windows: CONTESTS_PER_DAY, refusal: TOO_MANY_CONTESTS });

  router.post('/vcontest/create', authenticate(deps.sessions, true), asyncHandler(async (req, res) => {
    const userId = currentUserId(res);
    const body = bodyObject(req);
    const slots = await takeSlots(res, [[creations, userId]]);
    const at = now();
    const written = await createContest(deps.store, userId, body, commandMetadata(res, userId), at).catch(async (error: unknown) => {
      await slots.giveBack();
      throw error;
    });
    // A resend that made nothing new does not use up the quota.
    if (!written.appended) await slots.giveBack();
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

  // A station's category in a contest of real rules: its log, Cabrillo and the board's filters follow it.
  router.post('/vcontest/:contest_id/category', authenticate(deps.sessions, true), asyncHandler(async (req, res) => {
    const userId = currentUserId(res);
    const contestId = String(req.params.contest_id ?? '');
    const written = await chooseContestCategory(deps.store, contestId, userId, bodyObject(req), commandMetadata(res, userId), now());
    const answer: ContestCategoryAnswer = { category: written.category };
    await answerWithPosition(res, written.appended, answer);
  }));

  return router;
}
