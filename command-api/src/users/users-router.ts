import { randomBytes, randomUUID } from 'node:crypto';
import { Router } from 'express';
import {
  apiUser,
  EMAIL_TAKEN,
  MY_CALLSIGN_TAKEN,
  callsignClaimStreamName,
  claimDecider,
  emailClaimStreamName,
  userStreamName,
  FREE_SUBSCRIPTION,
  LOGIN_FAILED,
  TOO_MANY_LOGIN_ATTEMPTS,
  userDecider,
  validatePasswordChange,
  validateRegistration,
  type AuthAnswer,
  type UserState,
} from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { fieldErrors, HttpError } from '@hamlog/infra/http/errors';
import { FailureLimiter } from '@hamlog/infra/http/rate-limit';
import { WrongExpectedRevisionError, type EventStore } from '@hamlog/infra/ports/event-store';
import type { CommandDeps } from '../deps';
import { handleCommand, loadStream, toNewEvents } from '../handling/handle-command';
import { answerWithPosition } from '../http/answer';
import { bodyObject, stringField } from '../http/body';
import { commandMetadata } from '../http/metadata';
import { hashPassword, verifyPassword } from './password';

interface Claim {
  userId: string;
}

function userAnswer(state: NonNullable<UserState>, token: string): AuthAnswer {
  return {
    token,
    user: apiUser({
      id: state.userId,
      email: state.email,
      callsign: state.callsign,
      name: '',
      apiKey: state.apiKey,
      hasPassword: Boolean(state.passwordHash),
      createdAt: state.registeredAt,
    }),
    subscription: FREE_SUBSCRIPTION,
  };
}

/** The user an email belongs to, read from its reservation stream and the user's own stream. */
async function userByEmail(store: EventStore, email: string): Promise<NonNullable<UserState> | null> {
  const claims = await store.readStream(emailClaimStreamName(email));
  const claim = claims[0]?.data as Claim | undefined;
  if (!claim) return null;
  const { state } = await loadStream(store, userStreamName(claim.userId), userDecider);
  return state ?? null;
}

async function takenFields(store: EventStore, email: string, callsign: string): Promise<Record<string, string[]>> {
  const [byEmail, byCall] = await Promise.all([store.readStream(emailClaimStreamName(email)), store.readStream(callsignClaimStreamName(callsign))]);
  const errors: Record<string, string[]> = {};
  if (byEmail.length > 0) errors.email = [EMAIL_TAKEN];
  if (byCall.length > 0) errors.my_callsign = [MY_CALLSIGN_TAKEN];
  return errors;
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
    const taken = await takenFields(deps.store, email, callsign);
    if (Object.keys(taken).length > 0) throw fieldErrors(taken);

    const userId = randomUUID();
    const events = userDecider.decide(
      { type: 'RegisterUser', data: { userId, email, callsign, refId, apiKey: randomBytes(16).toString('hex'), at: now().toISOString() } },
      userDecider.initialState(),
    );
    const metadata = commandMetadata(res, userId);
    try {
      const results = await deps.store.appendMany([
        { streamId: emailClaimStreamName(email), events: toNewEvents(claimDecider.decide({ type: 'ClaimEmail', data: { userId } }, null), metadata), expectedRevision: 'no_stream' },
        { streamId: callsignClaimStreamName(callsign), events: toNewEvents(claimDecider.decide({ type: 'ClaimCallsign', data: { userId, callsign } }, null), metadata), expectedRevision: 'no_stream' },
        { streamId: userStreamName(userId), events: toNewEvents(events, metadata), expectedRevision: 'no_stream' },
      ]);
      const state = events.reduce(userDecider.evolve, userDecider.initialState());
      if (!state) throw new Error('registration produced no user');
      const token = await deps.sessions.create(userId);
      answerWithPosition(res, results[results.length - 1] ?? null, userAnswer(state, token));
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw fieldErrors(await takenFields(deps.store, email, callsign));
      throw error;
    }
  }));

  // Failed logins are limited per email and address, and per address across emails.
  const perAccount = new FailureLimiter(10, 15 * 60_000);
  const perAddress = new FailureLimiter(50, 15 * 60_000);
  router.post('/vlogin', asyncHandler(async (req, res) => {
    const body = bodyObject(req);
    const email = stringField(body, 'email').trim().toLowerCase();
    const password = stringField(body, 'password');
    const accountKey = `${req.ip}|${email}`;
    const wait = Math.max(perAccount.retryAfterSeconds(accountKey), perAddress.retryAfterSeconds(req.ip ?? ''));
    if (wait > 0) {
      res.setHeader('Retry-After', String(wait));
      throw new HttpError(429, TOO_MANY_LOGIN_ATTEMPTS);
    }
    const state = email && password ? await userByEmail(deps.store, email) : null;
    // Verify even without a user: an unknown email must cost the same time as a wrong password.
    const verified = await verifyPassword(state?.passwordHash, password);
    if (!state || !verified) {
      perAccount.fail(accountKey);
      perAddress.fail(req.ip ?? '');
      throw new HttpError(401, LOGIN_FAILED);
    }
    perAccount.reset(accountKey);
    const token = await deps.sessions.create(state.userId);
    res.json(userAnswer(state, token));
  }));

  router.post('/vlogout', authenticate(deps.sessions, true), asyncHandler(async (_req, res) => {
    await deps.sessions.revoke(res.locals.token as string);
    res.json({ message: 'Logged out.' });
  }));

  /** For now the password part of the profile form; the rest of the form comes with accounts. */
  router.post('/vupdateprofile', authenticate(deps.sessions, true), asyncHandler(async (req, res) => {
    const userId = currentUserId(res);
    const body = bodyObject(req);
    const input = { password: stringField(body, 'password'), password_confirmation: stringField(body, 'password_confirmation') };
    const checked = validatePasswordChange(input);
    if (!checked.ok) throw fieldErrors(checked.errors);
    const passwordHash = await hashPassword(input.password);
    const handled = await handleCommand(deps.store, userStreamName(userId), userDecider, { type: 'SetPassword', data: { passwordHash, at: now().toISOString() } }, commandMetadata(res, userId));
    if (!handled.state) throw new HttpError(404, 'User not found.');
    answerWithPosition(res, handled.appended, { user: userAnswer(handled.state, res.locals.token as string).user });
  }));

  return router;
}
