import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../observability/logger';
import { pathWithoutKey } from './key-in-path';
import { errorAnswerOf, RETRY_AFTER_SECONDS } from './error-answers';

export { fieldErrors, HttpError, type ErrorAnswer } from './http-error';

/**
 * Last express middleware: HttpErrors keep their status and text, DomainErrors are answered by
 * their code (domain-errors.ts), a conflict left after retries is a 409; anything else is a 500.
 * No error is kept by a cache, whatever caching its route had set before failing (decision 0050).
 */
export function errorHandler(logger: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction): void => {
    if (!res.headersSent) res.setHeader('Cache-Control', 'no-store');
    const answer = errorAnswerOf(error);
    if (answer) {
      if (answer.status === 503) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      res.status(answer.status).json(answer.errors ? { message: answer.message, errors: answer.errors } : { message: answer.message });
      return;
    }
    const status = (error as { status?: number; type?: string }).status;
    if (status && status >= 400 && status < 500) {
      res.status(status).json({ message: status === 413 ? 'Request too large.' : 'Malformed request body.' });
      return;
    }
    logger.error({ err: error, path: pathWithoutKey(req.path) }, 'request failed');
    res.status(500).json({ message: 'Something went wrong on our side. Nothing was changed; please try again.' });
  };
}
