import type { Response } from 'express';
import { HttpError } from './http-error';
import { takeTogether, type SlidingQuota } from './sliding-quota';

/** Slots held by a request: given back when the rule says the attempt does not count. */
export interface Slots {
  giveBack(): Promise<void>;
}

/**
 * Takes one slot from each (limiter, key) before the work, all or none (sliding-quota.ts); when
 * one is full, answers 429 with that limiter's message and Retry-After.
 */
export async function takeSlots(res: Response, claims: readonly (readonly [SlidingQuota, string])[]): Promise<Slots> {
  const turn = await takeTogether(claims);
  if (!turn.granted) {
    res.setHeader('Retry-After', String(turn.retryAfterSeconds));
    throw new HttpError(429, turn.refusedBy.rule.refusal);
  }
  return turn;
}
