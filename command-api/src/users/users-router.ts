import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { LOGIN_FAILED, SIGNED_OUT_EVERYWHERE, TOO_MANY_ACCOUNT_LOGIN_ATTEMPTS, TOO_MANY_LOGIN_ATTEMPTS, validateRegistration } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { fieldErrors, HttpError } from '@hamlog/infra/http/errors';
import { takeSlots } from '@hamlog/infra/http/rate-limit';
import type { CommandDeps } from '../deps';
import { answerWithPosition } from '../http/answer';
import { bodyObject, stringField } from '../http/body';
import { limiter } from '../http/limits';
import { commandMetadata } from '../http/metadata';
import { accountByEmail, signIn } from './accounts';
import { verifyPassword } from './password';
import { apiKeyLoginRouter } from './api-key-login-router';
import { callsignClaimsRouter } from './callsign-claims-router';
import { pinLoginRouter } from './pin-login-router';
import { profileRouter } from './profile-router';
import { registerUser } from './register-user';
import { RegistrationQuota } from './registration-quota';
import { subAccountsRouter } from './sub-accounts-router';

export const SIGN_OUT_EVERYWHERE_PATH = '/vsignouteverywhere';

export function usersRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();

  /** A new account, signed in at once (register-user.ts), within the address's quota. */
  const registrations = new RegistrationQuota(deps);
  router.post('/vregister', asyncHandler(async (req, res) => {
    const body = bodyObject(req);
    const input = { email: stringField(body, 'email'), my_callsign: stringField(body, 'my_callsign'), ref_id: stringField(body, 'ref_id') };
    const checked = validateRegistration(input);
    if (!checked.ok) throw fieldErrors(checked.errors);
    const userId = randomUUID();
    const { account, appended } = await registrations.run(res, req.ip ?? '', () => registerUser(deps.store, { userId, ...checked.value }, commandMetadata(res, userId), now()));
    await answerWithPosition(res, appended, await signIn(deps, account, now(), { scope: 'full', signedInBy: 'register' }));
  }));

  // Failed logins are limited per email and address, per address across emails, and per email
  // from anywhere (many addresses guessing one account). The last only stops passwords: the owner
  // still signs in by PIN (decision 0021). Each attempt takes its slots before the password is
  // checked; a success gives them back and forgives that email's failures from that address (0047).
  const perAccountAndAddress = limiter(deps, { name: 'login-account-address', windows: [{ max: 10, windowMs: 15 * 60_000 }], refusal: TOO_MANY_LOGIN_ATTEMPTS });
  const perAddress = limiter(deps, { name: 'login-address', windows: [{ max: 50, windowMs: 15 * 60_000 }], refusal: TOO_MANY_LOGIN_ATTEMPTS });
  const perAccount = limiter(deps, { name: 'login-account', windows: [{ max: 30, windowMs: 15 * 60_000 }], refusal: TOO_MANY_ACCOUNT_LOGIN_ATTEMPTS });
  router.post('/vlogin', asyncHandler(async (req, res) => {
    const body = bodyObject(req);
    const email = stringField(body, 'email').trim().toLowerCase();
    const password = stringField(body, 'password');
    const address = req.ip ?? '';
    const accountKey = `${address}|${email}`;
    const slots = await takeSlots(res, [[perAccountAndAddress, accountKey], [perAddress, address], ...(email ? [[perAccount, email] as const] : [])]);
    const account = email && password ? await accountByEmail(deps.store, email) : null;
    // Verify even without a user: an unknown email must cost the same time as a wrong password.
    const verified = await verifyPassword(account?.passwordHash, password);
    if (!account || !verified) throw new HttpError(401, LOGIN_FAILED);
    await slots.giveBack();
    await perAccountAndAddress.reset(accountKey);
    res.json(await signIn(deps, account, now(), { scope: 'full', signedInBy: 'password' }));
  }));

  router.post('/vlogout', authenticate(deps.sessions, true, 'ownSession'), asyncHandler(async (_req, res) => {
    await deps.sessions.revoke(res.locals.token as string);
    res.json({ message: 'Logged out.' });
  }));

  /** Signs out every other session of the caller (and those it opened into sub-accounts); the caller's stays. */
  router.post(SIGN_OUT_EVERYWHERE_PATH, authenticate(deps.sessions, true), asyncHandler(async (_req, res) => {
    const signedOut = await deps.sessions.revokeOthers(currentUserId(res), res.locals.token as string);
    res.json({ message: SIGNED_OUT_EVERYWHERE, signed_out: signedOut });
  }));

  router.use(pinLoginRouter(deps), apiKeyLoginRouter(deps), subAccountsRouter(deps), profileRouter(deps), callsignClaimsRouter(deps));
  return router;
}
