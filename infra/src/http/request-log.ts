import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import type { Logger } from '../observability/logger';
import { pathWithoutKey } from './key-in-path';

/** The caller's x-request-id when it is a plausible one, else a new id. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
}

/**
 * Gives each request an id (the caller's x-request-id, or a new one), echoes it back, and logs
 * the request when it ends: at debug level, or warn for a 5xx. Commands put it in their events'
 * metadata as the correlation id.
 */
export function requestLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const id = requestIdOf(req);
    res.locals.requestId = id;
    res.setHeader('x-request-id', id);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      // Cloudlog apps put the API key in the path: it stays out of the log.
      const entry = { requestId: id, method: req.method, path: pathWithoutKey(req.path), status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 };
      if (res.statusCode >= 500) logger.warn(entry, 'request failed');
      else logger.debug(entry, 'request');
    });
    next();
  };
}
