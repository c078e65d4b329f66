import type { Response } from 'express';
import { HttpError } from '@hamlog/infra/http/errors';
import type { FailureLimiter } from '@hamlog/infra/http/rate-limit';

/** Answers 429 with Retry-After when any of the (limiter, key) pairs is over its limit. */
export function retryAfter(res: Response, checks: [FailureLimiter, string][], message: string): void {
  const wait = Math.max(0, ...checks.map(([limiter, key]) => limiter.retryAfterSeconds(key)));
  if (wait === 0) return;
  res.setHeader('Retry-After', String(wait));
  throw new HttpError(429, message);
}
