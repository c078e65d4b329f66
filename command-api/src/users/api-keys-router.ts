import { Router } from 'express';
import { apiKeysAnswer, userDecider, UserNotFoundError, userStreamName, validateApiKeyId, type UserCommand } from '@hamlog/domain';
import { asyncHandler } from '@hamlog/infra/http/async-handler';
import { authenticate, currentUserId } from '@hamlog/infra/http/auth-middleware';
import { fieldErrors } from '@hamlog/infra/http/errors';
import type { CommandDeps } from '../deps';
import { handleCommand } from '../handling/handle-command';
import { answerWithPosition } from '../http/answer';
import { bodyObject } from '../http/body';
import { commandMetadata } from '../http/metadata';
import { newApiKey } from './accounts';

/**
 * Read-only API keys (decision 0036), beside the account's read-write key: apps that only read
 * (a station list, statistics, worked-before checks) get a key that cannot write. The client
 * names each create with its own key_id, so a resent create answers the key it made. Answers
 * the account's keys after the change.
 */
export function apiKeysRouter(deps: CommandDeps): Router {
  const router = Router();
  const now = () => deps.now?.() ?? new Date();

  const change = (command: (keyId: string, at: string) => UserCommand) =>
    asyncHandler(async (req, res) => {
      const userId = currentUserId(res);
      const keyId = validateApiKeyId(bodyObject(req).key_id);
      if (!keyId.ok) throw fieldErrors(keyId.errors);
      const handled = await handleCommand(deps.store, userStreamName(userId), userDecider, command(keyId.value, now().toISOString()), commandMetadata(res, userId));
      if (!handled.state) throw new UserNotFoundError();
      // Keys are looked up in the users read model: a new key works (a deleted one stops) once answered.
      if (handled.appended && deps.progress) await deps.progress.waitFor(['users'], handled.appended.position, 5_000);
      await answerWithPosition(res, handled.appended, apiKeysAnswer(handled.state.apiKey, handled.state.readOnlyKeys));
    });

  router.post('/vapikeys/create', authenticate(deps.sessions, true), change((keyId, at) => ({ type: 'CreateReadOnlyApiKey', data: { keyId, apiKey: newApiKey(), at } })));
  router.post('/vapikeys/delete', authenticate(deps.sessions, true), change((keyId, at) => ({ type: 'DeleteReadOnlyApiKey', data: { keyId, at } })));
  return router;
}
