/**
 * What every service needs to speak the Cloudlog/Wavelog API to companion apps (decision 0036):
 * their addresses, their bodies and their way of saying no.
 */
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { CLOUDLOG_WRONG_JSON, readCloudlogBody } from '@hamlog/domain';
import type { Pool } from '../postgres/pool';
import { findApiKey, type ApiKeyAccess } from '../read-models/users/api-keys';
import { API_KEY_MAX_LENGTH } from './auth-middleware';
import { errorAnswerOf } from './error-answers';
import { HttpError } from './http-error';
import { refuseUnstorableBody } from './storable-text';

const INDEX_PHP = '/index.php';

/**
 * The path an app meant, for API paths: Cloudlog is reached at /index.php/api/... as well as
 * /api/..., and apps join a configured URL to their path with doubled or trailing slashes
 * ('https://log.example//index.php/api/qso/'). Null when the path is no API path or already as meant.
 */
export function normalisedApiPath(path: string): string | null {
  let meant = path.replace(/\/{2,}/g, '/');
  if (meant === `${INDEX_PHP}/api` || meant.startsWith(`${INDEX_PHP}/api/`)) meant = meant.slice(INDEX_PHP.length);
  if (meant !== '/api' && !meant.startsWith('/api/')) return null;
  if (meant.length > '/api/'.length && meant.endsWith('/')) meant = meant.slice(0, -1);
  return meant === path ? null : meant;
}

/**
 * Rewrites such a path before any routing, so every router (and the production gateway's choice
 * of service) sees /api/...; no redirect, which apps posting a QSO would not follow.
 */
export function normaliseApiPath(req: Request, _res: Response, next: NextFunction): void {
  const query = req.url.indexOf('?');
  const path = query < 0 ? req.url : req.url.slice(0, query);
  const meant = normalisedApiPath(path);
  if (meant !== null) req.url = meant + (query < 0 ? '' : req.url.slice(query));
  next();
}

/** The key a companion app sent (any JSON value, trimmed), or null when that is no key of ours; longer strings are not looked up. */
export async function accessOfKey(pool: Pool, value: unknown): Promise<ApiKeyAccess | null> {
  const key = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  return key !== '' && key.length <= API_KEY_MAX_LENGTH ? findApiKey(pool, key) : null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

/** A body that is no UTF-8 is read as ISO-8859-1, which every byte is. */
function bodyText(bytes: Buffer): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return latin1.decode(bytes);
  }
}

/**
 * Reads the body as the Cloudlog API's callers send it (readCloudlogBody: JSON under any content
 * type, `null`, forms, hand-built JSON), into req.body as an object; otherwise 400 'wrong JSON',
 * or with `unreadable: 'empty'` an empty body (a call that then finds no key answers its 401, as
 * Wavelog's version and private_lookup do). Mounted before the app's JSON parser, which would
 * refuse half of them.
 */
export function cloudlogBody(limit: string, options: { unreadable?: 'refuse' | 'empty' } = {}): RequestHandler[] {
  return [
    express.raw({ type: () => true, limit }),
    (req, _res, next) => {
      const raw: unknown = req.body;
      const read = readCloudlogBody(Buffer.isBuffer(raw) ? bodyText(raw) : '', req.get('content-type') ?? '');
      if (!read.ok && options.unreadable !== 'empty') return next(new HttpError(400, CLOUDLOG_WRONG_JSON));
      req.body = read.ok ? read.body : {};
      next();
    },
    refuseUnstorableBody,
  ];
}

/** Failures the way Cloudlog answers them, `{status: 'failed', reason}`, so apps read them as they expect. */
export function cloudlogFailure(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  const answer = errorAnswerOf(error);
  const status = (error as { status?: number }).status;
  if (answer) {
    res.status(answer.status).json({ status: 'failed', reason: answer.message, ...(answer.errors ? { errors: answer.errors } : {}) });
  } else if (status === 413) {
    res.status(413).json({ status: 'failed', reason: 'request too large' });
  } else if (status !== undefined && status >= 400 && status < 500) {
    res.status(400).json({ status: 'failed', reason: CLOUDLOG_WRONG_JSON });
  } else {
    next(error);
  }
}
