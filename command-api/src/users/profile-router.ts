import { Router } from 'express';
import { TOO_MANY_CURRENT_PASSWORD_ATTEMPTS, userDecider, userStreamName, UserNotFoundError } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentSession, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { takeSlots } from '@hamlog/infra/http/rate-limit';
import type { CommandDeps } from '../deps';
import { handleCommand } from '../handling/handle-command';
import { answerWithPosition } from '../http/answer';
import { bodyObject } from '../http/body';
import { limiter } from '../http/limits';
import { commandMetadata } from '../http/metadata';
import { accountView, newApiKey } from './accounts';
import { updateProfile } from './update-profile';

export function profileRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  // Someone holding a session guesses the current password here: limited per account.
  const wrongCurrentPasswords = limiter(deps, { name: 'current-password-account', windows: [{ max: 10, windowMs: 15 * 60_000 }], refusal: TOO_MANY_CURRENT_PASSWORD_ATTEMPTS });

  /** The profile form, a password or an email change (update-profile.ts). */
  router.post('/vupdateprofile', authenticate(deps.sessions, true), asyncHandler(async (req, res) => {
    const userId = currentUserId(res);
    const caller = { userId, session: currentSession(res), token: res.locals.token as string };
    const { account, appended } = await updateProfile(deps, caller, bodyObject(req), commandMetadata(res, userId), now(), () => takeSlots(res, [[wrongCurrentPasswords, userId]]));
    const { user } = await accountView(deps, account, now());
    await answerWithPosition(res, appended, { user });
  }));

  /**
   * A fresh API key; companion apps using the old one are refused once the answer is sent, and
   * the sessions signed in with it end first (a retry after a crash finds them ended).
   */
  router.post('/vnewapikey', authenticate(deps.sessions, true), asyncHandler(async (_req, res) => {
    const userId = currentUserId(res);
    await deps.sessions.revokeKeySessions(userId);
    const handled = await handleCommand(
      deps.store,
      userStreamName(userId),
      userDecider,
      { type: 'IssueApiKey', data: { apiKey: newApiKey(), at: now().toISOString() } },
      commandMetadata(res, userId),
    );
    if (!handled.state) throw new UserNotFoundError();
    // API keys are looked up in the users read model: wait until it has the new one.
    if (handled.appended && deps.progress) await deps.progress.waitFor(['users'], handled.appended.position, 5_000);
    const { user } = await accountView(deps, handled.state, now());
    await answerWithPosition(res, handled.appended, { api_key: user.api_key, user });
  }));

  return router;
}
