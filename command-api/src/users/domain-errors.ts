import { CallsignTakenError, EmailTakenError, SubAccountsNotAllowedError, UserNotFoundError, ValidationError } from '@hamlog/domain';
import { fieldErrors, HttpError } from '@hamlog/infra/http/errors';

/** The HTTP answer for an account rule's domain error; any other error is returned unchanged. */
export function toHttpError(error: unknown): unknown {
  if (error instanceof ValidationError) return fieldErrors(error.errors);
  if (error instanceof EmailTakenError || error instanceof CallsignTakenError) return fieldErrors({ [error.field]: [error.message] });
  if (error instanceof SubAccountsNotAllowedError) return new HttpError(403, error.message);
  if (error instanceof UserNotFoundError) return new HttpError(401, 'Unauthenticated.');
  return error;
}

/** Runs a decision, answering its domain errors as HTTP errors. */
export function decideOrAnswer<T>(decide: () => T): T {
  try {
    return decide();
  } catch (error) {
    throw toHttpError(error);
  }
}
