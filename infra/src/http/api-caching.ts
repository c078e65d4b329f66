import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';

/**
 * Every /api answer is kept by no cache (browser or proxy) unless its route says otherwise: most
 * are some user's data (to a signed-in caller, or to a key in the path or body, as the Cloudlog API
 * takes it), and an error may name what was asked for. A route whose answer is the same for every
 * caller (the DXCC entity list, award images, the news) sets its own Cache-Control after this
 * (decision 0050).
 */
export function apiAnswerUncached(res: ServerResponse): void {
  res.setHeader('Cache-Control', 'no-store');
}

/** Mounted on /api ahead of every router: the default above. */
export function apiAnswersUncached(_req: Request, res: Response, next: NextFunction): void {
  apiAnswerUncached(res);
  next();
}
