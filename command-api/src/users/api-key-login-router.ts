import { Router } from 'express';
import { API_KEY_LOGIN_FAILED, API_KEY_LOGIN_REQUIRED, sameText, TOO_MANY_API_KEY_LOGINS } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { fieldErrors, HttpError } from '@hamlog/infra/http/errors';
import { takeSlots } from '@hamlog/infra/http/rate-limit';
import { findUserIdByApiKey } from '@hamlog/infra/read-models/users/queries';
import type { CommandDeps } from '../deps';
import { bodyObject, stringField } from '../http/body';
import { limiter } from '../http/limits';
import { loadUser, signIn } from './accounts';

export const API_KEY_LOGIN_PATH = '/vapikeylogin';

/**
 * POST /vapikeylogin {api_key}: the mobile app that scanned the settings' QR code trades the
 * API key in it for a session, answered like /vlogin. The key is found through the read model's
 * unique index (no scan whose time depends on the key) and checked again against the account's
 * own stream, so a key replaced by /vnewapikey is refused even if the read model lags.
 */
export function apiKeyLoginRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();
  // Failed sign-ins per address: the slot is taken before the key is looked up, a sign-in gives it back.
  const failuresPerAddress = limiter(deps, { name: 'api-key-login-address', windows: [{ max: 20, windowMs: 15 * 60_000 }], refusal: TOO_MANY_API_KEY_LOGINS });

  router.post(API_KEY_LOGIN_PATH, asyncHandler(async (req, res) => {
    const key = stringField(bodyObject(req), 'api_key').trim();
    if (key === '') throw fieldErrors({ api_key: [API_KEY_LOGIN_REQUIRED] });
    const address = req.ip ?? '';
    const slots = await takeSlots(res, [[failuresPerAddress, address]]);
    const userId = key.length <= 200 ? await findUserIdByApiKey(deps.pool, key) : null;
    const account = userId ? (await loadUser(deps.store, userId)).state : null;
    if (!account || !sameText(account.apiKey, key)) throw new HttpError(401, API_KEY_LOGIN_FAILED);
    await slots.giveBack();
    // The key shows in QR codes and URLs (?key=): its session may log, read and see the rig, nothing else (decision 0049).
    res.json(await signIn(deps, account, now(), { scope: 'key', signedInBy: 'api_key' }));
  }));

  return router;
}
