import { Router } from 'express';
import { SUB_ACCOUNT_NOT_FOUND } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentSession, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { fieldErrors, HttpError } from '@hamlog/infra/http/errors';
import type { CommandDeps } from '../deps';
import { answerWithPosition, carryWritesOver } from '../http/answer';
import { bodyObject, stringField } from '../http/body';
import { commandMetadata } from '../http/metadata';
import { accountView, loadUser, signIn } from './accounts';
import { addSubAccount } from './add-sub-account';

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Sub-accounts (decision 0014): adding one (add-sub-account.ts) and switching into one. */
export function subAccountsRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();

  router.post('/vaddsubaccount', authenticate(deps.sessions, true), asyncHandler(async (req, res) => {
    const mainId = currentUserId(res);
    const input = stringField(bodyObject(req), 'callsign');
    const { main, appended } = await addSubAccount(deps.store, mainId, input, commandMetadata(res, mainId), now());
    const { user } = await accountView(deps, main, now());
    await answerWithPosition(res, appended, { user });
  }));

  /**
   * Only the main account that manages the sub-account may switch into it; anything else is not
   * found. The new session keeps the caller's scope: a key session's is a key session too.
   */
  router.post('/vLoginToSubaccount', authenticate(deps.sessions, true, 'ownSession'), asyncHandler(async (req, res) => {
    const callerId = currentUserId(res);
    const subId = stringField(bodyObject(req), 'sub_account_id').trim().toLowerCase();
    if (subId === '') throw fieldErrors({ sub_account_id: ['The sub account id field is required.'] });
    const sub = USER_ID.test(subId) ? (await loadUser(deps.store, subId)).state : null;
    if (!sub || sub.managedById !== callerId) throw new HttpError(404, SUB_ACCOUNT_NOT_FOUND);
    await carryWritesOver(res, callerId, sub.userId);
    const caller = currentSession(res);
    res.json(await signIn(deps, sub, now(), { scope: caller.scope, signedInBy: 'sub_account', mainUserId: callerId }));
  }));

  return router;
}
