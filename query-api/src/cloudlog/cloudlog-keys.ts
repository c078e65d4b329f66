/**
 * How the Cloudlog/Wavelog reads (decision 0036) find the caller: the API key from the path
 * (auth/{key}) or the body ({key}), its owner and rights, waited on for the owner's own writes.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { CLOUDLOG_KEY_INVALID } from '@hamlog/domain';
import { accessOfKey, cloudlogBody } from '@hamlog/infra/http/cloudlog';
import { HttpError } from '@hamlog/infra/http/errors';
import type { ApiKeyAccess } from '@hamlog/infra/read-models/users/api-keys';
import type { QueryDeps } from '../deps';
import { readYourWrites } from '../http/read-your-writes';

/** Bodies here are a key and a few words. */
const BODY_LIMIT = '16kb';

export function accessOf(res: Response): ApiKeyAccess | null {
  return (res.locals.cloudlogAccess as ApiKeyAccess | null | undefined) ?? null;
}

export interface WithKeyOptions {
  /**
   * 'empty': a body that is no JSON counts as one without a key (the call's 401), as Wavelog's
   * version and private_lookup answer it; otherwise it is 400 'wrong JSON'.
   */
  unreadableBody?: 'refuse' | 'empty';
}

/** The caller's key and its reader, from the path (auth/{key}) or the body ({key}). */
export function withKey(deps: QueryDeps, from: 'path' | 'body', options: WithKeyOptions = {}) {
  return [
    ...cloudlogBody(BODY_LIMIT, { unreadable: options.unreadableBody }),
    (req: Request, res: Response, next: NextFunction) => {
      const key = from === 'path' ? req.params.key : (req.body as Record<string, unknown>).key;
      accessOfKey(deps.pool, key).then((access) => {
        res.locals.cloudlogAccess = access;
        if (access) res.locals.userId = access.userId;
        next();
      }, next);
    },
    // A read right after the app's own write sees it (decision 0005).
    readYourWrites(deps, ['logbook', 'users']),
  ];
}

/** Every call but auth refuses a missing or unknown key with 401 (read-only keys may read), in the call's own words. */
export function requireAccess(res: Response, reason = CLOUDLOG_KEY_INVALID): ApiKeyAccess {
  const access = accessOf(res);
  if (!access) throw new HttpError(401, reason);
  return access;
}

/** A text field as apps send it: text (trimmed) or a number; '' for anything else. */
export const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/**
 * The calls a Cloudlog router serves, by their first path segment. Each route's path is made here,
 * so the set is complete, and the gate lets every other /api request leave the router at once:
 * it is mounted ahead of all the API's routes, which would otherwise each walk its routes.
 */
export class CloudlogCalls {
  private readonly names = new Set<string>();

  /** `/{name}` (express matches paths in any case, so the gate does too). */
  path(name: string): string {
    this.names.add(name.toLowerCase());
    return `/${name}`;
  }

  /** `/{name}` and `/{name}/{key}`. */
  withKeyInPath(name: string): string[] {
    return [this.path(name), `/${name}/:key`];
  }

  gate(): RequestHandler {
    return (req, _res, next) => {
      const first = req.path.split('/').find((segment) => segment !== '') ?? '';
      next(this.names.has(first.toLowerCase()) ? undefined : 'router');
    };
  }
}
