import { Router } from 'express';
import {
  claimDecider,
  emailClaimStreamName,
  userDecider,
  userStreamName,
  validateProfileForm,
  type UserCommand,
  type UserEvent,
} from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { fieldErrors, HttpError } from '@hamlog/infra/http/errors';
import type { AppendRequest } from '@hamlog/infra/ports/event-store';
import type { CommandDeps } from '../deps';
import { handleCommand, toNewEvents } from '../handling/handle-command';
import { answerWithPosition } from '../http/answer';
import { bodyObject } from '../http/body';
import { commandMetadata } from '../http/metadata';
import { accountView, loadEmailClaim, loadUser, newApiKey, type Account } from './accounts';
import { decideOrAnswer, toHttpError } from './domain-errors';
import { hashPassword, verifyPassword } from './password';
import { withRetries } from './retry';

/** Decides the commands one after another, each against the state the previous ones left. */
function decideAll(account: Account, commands: UserCommand[]): { events: UserEvent[]; account: Account } {
  let state: Account = account;
  const events: UserEvent[] = [];
  for (const command of commands) {
    const decided = decideOrAnswer(() => userDecider.decide(command, state));
    events.push(...decided);
    state = decided.reduce(userDecider.evolve, state) ?? state;
  }
  return { events, account: state };
}

export function profileRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();

  /**
   * The profile form (or, with only password fields, a password change). A new email is claimed
   * and the old one released in the same append as the change, so two accounts never share one.
   */
  router.post('/vupdateprofile', authenticate(deps.sessions, true), asyncHandler(async (req, res) => {
    const userId = currentUserId(res);
    const body = bodyObject(req);
    const metadata = commandMetadata(res, userId);
    let passwordHash: string | null = null;

    const { account, appended } = await withRetries(async () => {
      const loaded = await loadUser(deps.store, userId);
      if (!loaded.state) throw new HttpError(401, 'Unauthenticated.');
      const form = validateProfileForm(body, { isSubAccount: Boolean(loaded.state.managedById) });
      if (!form.ok) throw fieldErrors(form.errors);
      const { changes, email, password, clublogPassword } = form.value;
      const at = now().toISOString();
      const commands: UserCommand[] = [];
      if (Object.keys(changes).length > 0) commands.push({ type: 'UpdateProfile', data: { changes, at } });
      if (email !== null) commands.push({ type: 'ChangeEmail', data: { email, at } });
      // Re-sending the same password (a retry) changes nothing.
      if (password !== null && !(loaded.state.passwordHash && (await verifyPassword(loaded.state.passwordHash, password)))) {
        passwordHash ??= await hashPassword(password);
        commands.push({ type: 'SetPassword', data: { passwordHash, at } });
      }
      const decided = decideAll(loaded.state, commands);

      const requests: AppendRequest[] = [];
      const moved = decided.events.find((e) => e.type === 'EmailChanged');
      const [newClaim, oldClaim] = moved
        ? await Promise.all([loadEmailClaim(deps.store, moved.data.email), moved.data.previousEmail ? loadEmailClaim(deps.store, moved.data.previousEmail) : null])
        : [null, null];
      if (moved && newClaim) {
        const claimed = decideOrAnswer(() => claimDecider.decide({ type: 'ClaimEmail', data: { userId } }, newClaim.state));
        requests.push({ streamId: emailClaimStreamName(moved.data.email), events: toNewEvents(claimed, metadata), expectedRevision: newClaim.revision });
      }
      requests.push({ streamId: userStreamName(userId), events: toNewEvents(decided.events, metadata), expectedRevision: loaded.revision });
      if (moved && oldClaim) {
        const released = claimDecider.decide({ type: 'ReleaseEmail', data: { userId } }, oldClaim.state);
        requests.push({ streamId: emailClaimStreamName(moved.data.previousEmail), events: toNewEvents(released, metadata), expectedRevision: oldClaim.revision });
      }

      // The Clublog password is kept outside the log; it is stored before the event that says so.
      if (clublogPassword) await deps.accounts.credentials.set(userId, 'clublog', clublogPassword);
      else if (changes.hasClublogPassword === false) await deps.accounts.credentials.delete(userId, 'clublog');

      const writes = requests.filter((r) => r.events.length > 0);
      const results = writes.length > 0 ? await deps.store.appendMany(writes) : [];
      const userWrite = results.find((r) => r.streamId === userStreamName(userId)) ?? results[results.length - 1] ?? null;
      return { account: decided.account, appended: userWrite };
    });
    const { user } = await accountView(deps, account, now());
    answerWithPosition(res, appended, { user });
  }));

  /** A fresh API key; companion apps using the old one are refused once the answer is sent. */
  router.post('/vnewapikey', authenticate(deps.sessions, true), asyncHandler(async (_req, res) => {
    const userId = currentUserId(res);
    const handled = await handleCommand(
      deps.store,
      userStreamName(userId),
      userDecider,
      { type: 'IssueApiKey', data: { apiKey: newApiKey(), at: now().toISOString() } },
      commandMetadata(res, userId),
    ).catch((error: unknown) => {
      throw toHttpError(error);
    });
    if (!handled.state) throw new HttpError(401, 'Unauthenticated.');
    // API keys are looked up in the users read model: wait until it has the new one.
    if (handled.appended && deps.progress) await deps.progress.waitFor(['users'], handled.appended.position, 5_000);
    const { user } = await accountView(deps, handled.state, now());
    answerWithPosition(res, handled.appended, { api_key: user.api_key, user });
  }));

  return router;
}
