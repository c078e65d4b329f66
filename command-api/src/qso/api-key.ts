import type { Request } from 'express';
import { API_KEY_INVALID, API_KEY_REQUIRED } from '@hamlog/domain';
import { API_KEY_MAX_LENGTH, apiKeyIn } from '@hamlog/infra/http/auth-middleware';
import { HttpError } from '@hamlog/infra/http/errors';

/** The API key companion apps send: `?key=...` or an `x-api-key` header. */
export function apiKeyOf(req: Request): string {
  const key = apiKeyIn(req);
  if (!key) throw new HttpError(401, API_KEY_REQUIRED);
  return key;
}

export type FindUserIdByApiKey = (key: string) => Promise<string | null>;

/** The id of the user the request's API key belongs to; 401 when there is none. */
export async function apiKeyUser(req: Request, find: FindUserIdByApiKey): Promise<string> {
  const key = apiKeyOf(req);
  const userId = key.length <= API_KEY_MAX_LENGTH ? await find(key) : null;
  if (!userId) throw new HttpError(401, API_KEY_INVALID);
  return userId;
}
