import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../observability/logger';

/** An error whose message is safe to show the caller, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function fieldErrors(errors: Record<string, string[]>, message?: string): HttpError {
  const first = Object.values(errors).find((list) => list.length > 0)?.[0];
  return new HttpError(422, message ?? first ?? 'The given data was invalid.', errors);
}

/** Last express middleware: known errors keep their status and text; anything else is a 500. */
export function errorHandler(logger: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction): void => {
    if (error instanceof HttpError) {
      res.status(error.status).json(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
      return;
    }
    const status = (error as { status?: number; type?: string }).status;
    if (status && status >= 400 && status < 500) {
      res.status(status).json({ message: status === 413 ? 'Request too large.' : 'Malformed request body.' });
      return;
    }
    logger.error({ err: error, path: req.path }, 'request failed');
    res.status(500).json({ message: 'Something went wrong on our side. Nothing was changed; please try again.' });
  };
}
