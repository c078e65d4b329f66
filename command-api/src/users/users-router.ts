import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import {
  EMAIL_TAKEN,
  LOGIN_FAILED,
  MY_CALLSIGN_TAKEN,
  TOO_MANY_LOGIN_ATTEMPTS,
  callsignClaimStreamName,
  claimDecider,
  emailClaimStreamName,
  userDecider,
  userStreamName,
  validateRegistration,
} from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate } from '@hamlog/infra/http/auth-middleware';
import { fieldErrors, HttpError } from '@hamlog/infra/http/errors';
import { FailureLimiter } from '@hamlog/infra/http/rate-limit';
import type { EventStore } from '@hamlog/infra/ports/event-store';
import type { CommandDeps } from '../deps';
import { toNewEvents } from '../handling/handle-command';
import { answerWithPosition } from '../http/answer';
import { bodyObject, stringField } from '../http/body';
import { commandMetadata } from '../http/metadata';
import { accountByEmail, loadCallsignClaim, loadEmailClaim, newApiKey, signIn } from './accounts';
import { verifyPassword } from './password';
import { apiKeyLoginRouter } from './api-key-login-router';
import { pinLoginRouter } from './pin-login-router';
import { profileRouter } from './profile-router';
import { subAccountsRouter } from './sub-accounts-router';
import { withRetries } from './retry';
import { retryAfter } from './limits';

async function claimsOf(store: EventStore, email: string, callsign: string) {
  const [emailClaim, callClaim] = await Promise.all([loadEmailClaim(store, email), loadCallsignClaim(store, callsign)]);
  const taken: Record<string, string[]> = {};
  if (emailClaim.state) taken.email = [EMAIL_TAKEN];
  if (callClaim.state) taken.my_callsign = [MY_CALLSIGN_TAKEN];
  return { emailClaim, callClaim, taken };
}

export function usersRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();

  /** The email and callsign are claimed in the same append as the user: the first one wins. */
  router.post('/vregister', asyncHandler(async (req, res) => {
    const body = bodyObject(req);
    const input = { email: stringField(body, 'email'), my_callsign: stringField(body, 'my_callsign'), ref_id: stringField(body, 'ref_id') };
    const checked = validateRegistration(input);
    if (!checked.ok) throw fieldErrors(checked.errors);
    const { email, callsign, refId } = checked.value;
    const userId = randomUUID();
    const metadata = commandMetadata(res, userId);
    const events = userDecider.decide({ type: 'RegisterUser', data: { userId, email, callsign, refId, apiKey: newApiKey(), at: now().toISOString() } }, null);
    const results = await withRetries(async () => {
      const { emailClaim, callClaim, taken } = await claimsOf(deps.store, email, callsign);
      if (Object.keys(taken).length > 0) throw fieldErrors(taken);
      return deps.store.appendMany([
        { streamId: emailClaimStreamName(email), events: toNewEvents(claimDecider.decide({ type: 'ClaimEmail', data: { userId } }, null), metadata), expectedRevision: emailClaim.revision },
        { streamId: callsignClaimStreamName(callsign), events: toNewEvents(claimDecider.decide({ type: 'ClaimCallsign', data: { userId, callsign } }, null), metadata), expectedRevision: callClaim.revision },
        { streamId: userStreamName(userId), events: toNewEvents(events, metadata), expectedRevision: 'no_stream' },
      ]);
    });
    const account = events.reduce(userDecider.evolve, userDecider.initialState());
    if (!account) throw new Error('registration produced no user');
    answerWithPosition(res, results[results.length - 1] ?? null, await signIn(deps, account, now()));
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
