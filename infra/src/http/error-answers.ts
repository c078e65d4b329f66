import { isDomainError } from '@hamlog/domain';
import { WrongExpectedRevisionError } from '../ports/event-store';
import { isDatabaseUnavailable } from '../postgres/database-unavailable';
import { domainErrorAnswer } from './domain-errors';
import { HttpError, type ErrorAnswer } from './http-error';

/** A write that still met a concurrent write to the same stream after its retries. */
export const CONCURRENT_CHANGE = 'This was changed by another request at the same moment; please try again.';

/** PostgreSQL is restarting or failing over; the answer carries Retry-After (errors.ts). */
export const DATABASE_AWAY = 'HamLog is briefly unavailable; please try again in a moment.';
export const RETRY_AFTER_SECONDS = 2;

/**
 * The answer for an error whose text is safe to show: an HttpError, a DomainError (by its code),
 * or a conflict that outlasted the command's retries (409). Anything else: null (a 500).
 * Error middlewares that answer in another shape (the photos screen's, Cloudlog's) format this.
 */
export function errorAnswerOf(error: unknown): ErrorAnswer | null {
  if (error instanceof HttpError) return error;
  if (isDomainError(error)) return domainErrorAnswer(error);
  if (error instanceof WrongExpectedRevisionError) return { status: 409, message: CONCURRENT_CHANGE };
  if (isDatabaseUnavailable(error)) return { status: 503, message: DATABASE_AWAY };
  return null;
}
