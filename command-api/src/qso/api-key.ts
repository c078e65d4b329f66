import type { Request } from 'express';
import { API_KEY_INVALID, API_KEY_REQUIRED } from '@hamlog/domain';
import { HttpError } from '@hamlog/infra/http/errors';

/** The API key companion apps send: `?key=...` or an `x-api-key` header. */
export function apiKeyOf(req: Request): string {
  const header = req.headers['x-api-key'];
  const key = typeof header === 'string' && header ? header : req.query.key;
  if (typeof key !== 'string' || key.trim() === '') throw new HttpError(401, API_KEY_REQUIRED);
  return key.trim();
}

export type FindUserIdByApiKey = (key: string) => Promise<string | null>;

/** The id of the user the request's API key belongs to; 401 when there is none. */
export async function apiKeyUser(req: Request, find: FindUserIdByApiKey): Promise<string> {
  const key = apiKeyOf(req);
  const userId = key.length <= 200 ? await find(key) : null;
  if (!userId) throw new HttpError(401, API_KEY_INVALID);
  return userId;
}
