import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Lets an async route handler's rejection reach express's error handler (`next` for a handler that passes a request on, e.g. next('route')). */
export function asyncHandler(handler: (req: Request, res: Response, next: NextFunction) => Promise<unknown>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    handler(req, res, next).catch(next);
  };
}
