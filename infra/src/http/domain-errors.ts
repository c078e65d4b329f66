/**
 * The one mapping from a domain error's `code` to its HTTP answer. The table is typed over the
 * domain's DomainErrorCode union, so a new code does not compile until it is mapped here.
 */
import { ValidationError, type DomainError, type DomainErrorCode } from '@hamlog/domain';
import { firstFieldMessage, type ErrorAnswer } from './http-error';

/** How a code is answered: its status, and a `message` only where it replaces the error's own text. */
export interface CodeAnswer {
  status: number;
  message?: string;
}

/**
 * A DomainError whose code is missing from the table (one built against a newer domain) is a
 * refused request, never a server fault: 422, like any other rule the request broke.
 */
export const UNMAPPED_DOMAIN_ERROR_STATUS = 422;

export const DOMAIN_ERROR_ANSWERS: Readonly<Record<DomainErrorCode, CodeAnswer>> = {
  VALIDATION_FAILED: { status: 422 },
  QSO_NOT_FOUND: { status: 404 },
  QSO_ID_TAKEN: { status: 409 },
  QSO_IDS_EXHAUSTED: { status: 409 },
  USER_ALREADY_REGISTERED: { status: 409 },
  // Account commands run on the caller's own account only: when it is gone, so is the session.
  USER_NOT_FOUND: { status: 401, message: 'Unauthenticated.' },
  EMAIL_TAKEN: { status: 422 },
  CALLSIGN_TAKEN: { status: 422 },
  SUB_ACCOUNTS_NOT_ALLOWED: { status: 403 },
  SUB_ACCOUNT_CALLSIGN_TAKEN: { status: 409 },
  SUB_ACCOUNT_LIMIT: { status: 422 },
  FOLLOW_SELF: { status: 422 },
  FOLLOW_LIMIT: { status: 422 },
  PHOTO_NOT_FOUND: { status: 404 },
  PHOTO_LIMIT: { status: 422 },
  ATTACHMENT_LIMIT: { status: 422 },
  STORAGE_QUOTA: { status: 413 },
  MESSAGE_TO_SELF: { status: 422 },
  MESSAGING_NOT_ALLOWED: { status: 403 },
  CONTEST_NOT_FOUND: { status: 404 },
  CONTEST_NOT_ORGANISER: { status: 403 },
  CONTEST_EXISTS: { status: 409 },
  AWARDS_FINAL: { status: 409 },
  AWARDS_NOT_DUE: { status: 409 },
  POST_NOT_FOUND: { status: 404 },
  POST_NOT_AUTHOR: { status: 403 },
};

function codeAnswer(code: string): CodeAnswer {
  return Object.hasOwn(DOMAIN_ERROR_ANSWERS, code) ? DOMAIN_ERROR_ANSWERS[code as DomainErrorCode] : { status: UNMAPPED_DOMAIN_ERROR_STATUS };
}

/** The messages per field: a ValidationError's own, or the error's message under its `field`. */
function fieldMessages(error: DomainError): Record<string, string[]> | undefined {
  if (error instanceof ValidationError) return error.errors;
  return error.field ? { [error.field]: [error.message] } : undefined;
}

/** The answer for a domain error; with field messages, the message is the first of them (as forms show it). */
export function domainErrorAnswer(error: DomainError): ErrorAnswer {
  const { status, message } = codeAnswer(error.code);
  const errors = fieldMessages(error);
  const text = message ?? (errors && firstFieldMessage(errors)) ?? error.message;
  return errors ? { status, message: text, errors } : { status, message: text };
}
