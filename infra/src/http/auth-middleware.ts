import type { NextFunction, Request, Response } from 'express';
import { KEY_SESSION_OUT_OF_SCOPE, type KeySessionUse } from '@hamlog/domain';
import type { Session, SessionStore } from '../auth/session-store';
import { HttpError } from './errors';

export interface AuthenticatedLocals {
  userId: string;
  token: string;
  session: Session;
}

export function bearerToken(req: Request): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Longer strings are no API key: they are refused without a look-up. */
export const API_KEY_MAX_LENGTH = 200;

/** The API key companion apps send (`?key=...` or an `x-api-key` header), trimmed; null when there is none. */
export function apiKeyIn(req: Request): string | null {
  const header = req.headers['x-api-key'];
  const key = typeof header === 'string' && header ? header : req.query.key;
  return typeof key === 'string' && key.trim() !== '' ? key.trim() : null;
}

/**
 * Resolves the caller from the bearer token into res.locals; `required` answers 401 without one.
 * The one place a session signed in with the API key is held to its scope (decision 0049): on a
 * route that does not name the use it serves (`keySessionUse`), such a session gets 403, even
 * where signing in is optional.
 */
export function authenticate(sessions: SessionStore, required: boolean, keySessionUse?: KeySessionUse) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const token = bearerToken(req);
    if (!token) {
      if (required) next(new HttpError(401, 'Unauthenticated.'));
      else next();
      return;
    }
    sessions
      .find(token)
      .then((session) => {
        if (session?.scope === 'key' && !keySessionUse) throw new HttpError(403, KEY_SESSION_OUT_OF_SCOPE);
        if (session) {
          res.locals.userId = session.userId;
          res.locals.token = token;
          res.locals.session = session;
        } else if (required) {
          throw new HttpError(401, 'Unauthenticated.');
        }
        next();
      })
      .catch(next);
  };
}

/** The caller's session (after `authenticate`): its scope and how it was signed in. */
export function currentSession(res: Response): Session {
  const session = res.locals.session as Session | undefined;
  if (!session) throw new HttpError(401, 'Unauthenticated.');
  return session;
}

export function currentUserId(res: Response): string {
  const userId = res.locals.userId as string | undefined;
  if (!userId) throw new HttpError(401, 'Unauthenticated.');
  return userId;
}
