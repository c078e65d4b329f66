import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { LOGIN_FAILED, TOO_MANY_LOGIN_ATTEMPTS, validateRegistration } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate } from '@hamlog/infra/http/auth-middleware';
import { fieldErrors, HttpError } from '@hamlog/infra/http/errors';
import { FailureLimiter } from '@hamlog/infra/http/rate-limit';
import type { CommandDeps } from '../deps';
import { answerWithPosition } from '../http/answer';
import { bodyObject, stringField } from '../http/body';
import { commandMetadata } from '../http/metadata';
import { accountByEmail, signIn } from './accounts';
import { verifyPassword } from './password';
import { apiKeyLoginRouter } from './api-key-login-router';
import { pinLoginRouter } from './pin-login-router';
import { profileRouter } from './profile-router';
import { registerUser } from './register-user';
import { subAccountsRouter } from './sub-accounts-router';
import { retryAfter } from './limits';

export function usersRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();

  /** A new account, signed in at once (register-user.ts). */
  router.post('/vregister', asyncHandler(async (req, res) => {
    const body = bodyObject(req);
    const input = { email: stringField(body, 'email'), my_callsign: stringField(body, 'my_callsign'), ref_id: stringField(body, 'ref_id') };
    const checked = validateRegistration(input);
    if (!checked.ok) throw fieldErrors(checked.errors);
    const userId = randomUUID();
    const { account, appended } = await registerUser(deps.store, { userId, ...checked.value }, commandMetadata(res, userId), now());
    await answerWithPosition(res, appended, await signIn(deps, account, now()));
  }));

  // Failed logins are limited per email and address, and per address across emails.
  const perAccount = new FailureLimiter(10, 15 * 60_000);
  const perAddress = new FailureLimiter(50, 15 * 60_000);
  router.post('/vlogin', asyncHandler(async (req, res) => {
    const body = bodyObject(req);
    const email = stringField(body, 'email').trim().toLowerCase();
    const password = stringField(body, 'password');
    const accountKey = `${req.ip}|${email}`;
    retryAfter(res, [[perAccount, accountKey], [perAddress, req.ip ?? '']], TOO_MANY_LOGIN_ATTEMPTS);
    const account = email && password ? await accountByEmail(deps.store, email) : null;
    // Verify even without a user: an unknown email must cost the same time as a wrong password.
    const verified = await verifyPassword(account?.passwordHash, password);
    if (!account || !verified) {
      perAccount.fail(accountKey);
      perAddress.fail(req.ip ?? '');
      throw new HttpError(401, LOGIN_FAILED);
    }
    perAccount.reset(accountKey);
    res.json(await signIn(deps, account, now()));
  }));

  router.post('/vlogout', authenticate(deps.sessions, true), asyncHandler(async (_req, res) => {
    await deps.sessions.revoke(res.locals.token as string);
    res.json({ message: 'Logged out.' });
  }));

  router.use(pinLoginRouter(deps), apiKeyLoginRouter(deps), subAccountsRouter(deps), profileRouter(deps));
  return router;
}
