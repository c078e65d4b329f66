import { Router, type Response } from 'express';
import {
  SUB_ACCOUNT_CALLSIGN_REGISTERED,
  SUB_ACCOUNT_NOT_FOUND,
  callsignClaimStreamName,
  claimDecider,
  subAccountIdFor,
  userDecider,
  userStreamName,
} from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { fieldErrors, HttpError } from '@hamlog/infra/http/errors';
import type { AppendRequest, EventStore } from '@hamlog/infra/ports/event-store';
import type { CommandDeps } from '../deps';
import { toNewEvents } from '../handling/handle-command';
import { answerWithPosition } from '../http/answer';
import { bodyObject, stringField } from '../http/body';
import { commandMetadata } from '../http/metadata';
import { accountView, loadCallsignClaim, loadUser, newApiKey, signIn, type Account } from './accounts';
import { decideOrAnswer } from './domain-errors';
import { withRetries } from './retry';

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether this very request (its x-request-id) already added the callsign: a resend after a lost answer. */
async function addedByThisRequest(store: EventStore, mainId: string, callsign: string, res: Response): Promise<boolean> {
  const events = await store.readStream(userStreamName(mainId));
  return events.some(
    (e) => e.type === 'SubAccountAdded' && (e.data as { callsign: string }).callsign === callsign && e.metadata.correlationId === res.locals.requestId,
  );
}

/**
 * Sub-accounts (decision 0014): each is a user of its own, with its own callsign claim, managed by
 * the main account that added it. Its id is derived from the main account and callsign.
 */
export function subAccountsRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();

  router.post('/vaddsubaccount', authenticate(deps.sessions, true), asyncHandler(async (req, res) => {
    const mainId = currentUserId(res);
    const input = stringField(bodyObject(req), 'callsign');
    const callsign = input.trim().toUpperCase();
    const metadata = commandMetadata(res, mainId);

    const { main, appended } = await withRetries(async () => {
      const loaded = await loadUser(deps.store, mainId);
      if (!loaded.state) throw new HttpError(401, 'Unauthenticated.');
      const main: Account = loaded.state;
      if (main.subAccounts.some((s) => s.callsign === callsign) && (await addedByThisRequest(deps.store, mainId, callsign, res))) {
        return { main, appended: null };
      }
      const subId = subAccountIdFor(mainId, callsign);
      const at = now().toISOString();
      const added = decideOrAnswer(() => userDecider.decide({ type: 'AddSubAccount', data: { subAccountId: subId, callsign: input, at } }, main));

      const [claim, sub] = await Promise.all([loadCallsignClaim(deps.store, callsign), loadUser(deps.store, subId)]);
      if (claim.state && claim.state.userId !== subId) throw new HttpError(409, SUB_ACCOUNT_CALLSIGN_REGISTERED);
      // A retry of an add that was half written (EventStoreDB appends stream by stream) finds its
      // own claim and account and only completes what is missing.
      const claimed = claimDecider.decide({ type: 'ClaimCallsign', data: { userId: subId, callsign } }, claim.state);
      const created = decideOrAnswer(() =>
        userDecider.decide(
          { type: 'CreateManagedAccount', data: { userId: subId, callsign, managedById: mainId, managedByCallsign: main.callsign, apiKey: newApiKey(), at } },
          sub.state,
        ),
      );
      const requests: AppendRequest[] = [
        { streamId: callsignClaimStreamName(callsign), events: toNewEvents(claimed, metadata), expectedRevision: claim.revision },
        { streamId: userStreamName(subId), events: toNewEvents(created, metadata), expectedRevision: sub.revision },
        { streamId: userStreamName(mainId), events: toNewEvents(added, metadata), expectedRevision: loaded.revision },
      ].filter((r) => r.events.length > 0);
      const results = await deps.store.appendMany(requests);
      return { main: added.reduce(userDecider.evolve, loaded.state), appended: results[results.length - 1] ?? null };
    });
    if (!main) throw new HttpError(401, 'Unauthenticated.');
    const { user } = await accountView(deps, main, now());
    answerWithPosition(res, appended, { user });
  }));

  /** Only the main account that manages the sub-account may switch into it; anything else is not found. */
  router.post('/vLoginToSubaccount', authenticate(deps.sessions, true), asyncHandler(async (req, res) => {
    const callerId = currentUserId(res);
    const subId = stringField(bodyObject(req), 'sub_account_id').trim().toLowerCase();
    if (subId === '') throw fieldErrors({ sub_account_id: ['The sub account id field is required.'] });
    const sub = USER_ID.test(subId) ? (await loadUser(deps.store, subId)).state : null;
    if (!sub || sub.managedById !== callerId) throw new HttpError(404, SUB_ACCOUNT_NOT_FOUND);
    res.json(await signIn(deps, sub, now()));
  }));

  return router;
}
