import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Lets an async route handler's rejection reach express's error handler. */
export function asyncHandler(handler: (req: Request, res: Response) => Promise<unknown>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    handler(req, res).catch(next);
  };
}
