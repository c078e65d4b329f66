import { Router } from 'express';
import {
  FOLLOW_LEVEL_INVALID,
  FOLLOW_USER_REQUIRED,
  followDecider,
  followsStreamName,
  parseFollowLevel,
  USER_NOT_FOUND,
  type FollowingAnswer,
} from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { fieldErrors, HttpError } from '@hamlog/infra/http/errors';
import type { CommandDeps } from '../deps';
import { handleCommand } from '../handling/handle-command';
import { answerWithPosition } from '../http/answer';
import { bodyObject } from '../http/body';
import { commandMetadata } from '../http/metadata';
import { idField, userExists } from '../people/user-lookup';

/**
 * POST /vsetfollowstate {user_id, follow_level}: follow (1) or unfollow (0). The event goes on the
 * follower's own stream; the followed user is never told.
 */
export function followsRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();

  router.post('/vsetfollowstate', authenticate(deps.sessions, true), asyncHandler(async (req, res) => {
    const followerId = currentUserId(res);
    const body = bodyObject(req);
    const userId = idField(body.user_id);
    const level = parseFollowLevel(body.follow_level);
    const errors: Record<string, string[]> = {};
    if (!userId) errors.user_id = [FOLLOW_USER_REQUIRED];
    if (level === null) errors.follow_level = [FOLLOW_LEVEL_INVALID];
    if (!userId || level === null) throw fieldErrors(errors);
    if (userId !== followerId && !(await userExists(deps.store, userId))) throw new HttpError(404, USER_NOT_FOUND);
    const handled = await handleCommand(
      deps.store,
      followsStreamName(followerId),
      followDecider,
      { type: 'SetFollowState', data: { followerId, userId, level, at: now().toISOString() } },
      commandMetadata(res, followerId),
    );
    const answer: FollowingAnswer = { following: [...handled.state.following] };
    await answerWithPosition(res, handled.appended, answer);
  }));

  return router;
}
