/** Typed domain errors: each has the user-facing `message` and a stable `code` for callers to map. */
import {
  EMAIL_TAKEN,
  MY_CALLSIGN_TAKEN,
  QSO_ID_TAKEN,
  QSO_NOT_FOUND,
  REGISTRATION_FAILED,
  SUB_ACCOUNT_CALLSIGN_REGISTERED,
  SUB_ACCOUNT_CANNOT_ADD,
  subAccountLimitReached,
  USER_NOT_FOUND,
  VALIDATION_FAILED,
} from './messages';

/** Every code a DomainError can have: callers map them exhaustively (a new code fails their build). */
export const DOMAIN_ERROR_CODES = [
  'VALIDATION_FAILED',
  'QSO_NOT_FOUND',
  'QSO_ID_TAKEN',
  'QSO_IDS_EXHAUSTED',
  'USER_ALREADY_REGISTERED',
  'USER_NOT_FOUND',
  'EMAIL_TAKEN',
  'CALLSIGN_TAKEN',
  'SUB_ACCOUNTS_NOT_ALLOWED',
  'SUB_ACCOUNT_CALLSIGN_TAKEN',
  'SUB_ACCOUNT_LIMIT',
  // People (follows, photos, direct messages): classes in their own folders.
  'FOLLOW_SELF',
  'FOLLOW_LIMIT',
  'PHOTO_NOT_FOUND',
  'PHOTO_LIMIT',
  'ATTACHMENT_LIMIT',
  'STORAGE_QUOTA',
  'MESSAGE_TO_SELF',
  'MESSAGING_NOT_ALLOWED',
  // Contests: classes in contests/decider.ts.
  'CONTEST_NOT_FOUND',
  'CONTEST_NOT_ORGANISER',
  'CONTEST_EXISTS',
  // Awards: classes in awards/decider.ts.
  'AWARDS_FINAL',
  'AWARDS_NOT_DUE',
  // Posts: classes in posts/decider.ts.
  'POST_NOT_FOUND',
  'POST_NOT_AUTHOR',
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export abstract class DomainError extends Error {
  abstract readonly code: DomainErrorCode;
  /** The request field the error is about, for answers that show it under that field. */
  readonly field?: string;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** Bad input, with the messages per field (the first of each list is what a form shows). */
export class ValidationError extends DomainError {
  readonly code = 'VALIDATION_FAILED';
  constructor(readonly errors: Record<string, string[]>) {
    super(VALIDATION_FAILED);
  }
}

/** Missing, deleted, or someone else's: the answer never reveals which. */
export class QsoNotFoundError extends DomainError {
  readonly code = 'QSO_NOT_FOUND';
  constructor(readonly qdoId: string) {
    super(QSO_NOT_FOUND);
  }
}

/** The id derived for a new contact already holds a different contact: try the next attempt's id. */
export class QsoIdTakenError extends DomainError {
  readonly code = 'QSO_ID_TAKEN';
  constructor(readonly qdoId: string) {
    super(QSO_ID_TAKEN);
  }
}

/** The text for QsoIdsExhaustedError (kept beside it: it is only ever this error's message). */
export const QSO_COLLIDES_WITH_EDITED = 'This contact collides with edited QSOs; change the time by a minute and log it again.';

/** Every id in the fixed sequence for a new contact already holds a different (edited) contact. */
export class QsoIdsExhaustedError extends DomainError {
  readonly code = 'QSO_IDS_EXHAUSTED';
  constructor() {
    super(QSO_COLLIDES_WITH_EDITED);
  }
}

export class UserAlreadyRegisteredError extends DomainError {
  readonly code = 'USER_ALREADY_REGISTERED';
  constructor(readonly userId: string) {
    super(REGISTRATION_FAILED);
  }
}

export class UserNotFoundError extends DomainError {
  readonly code = 'USER_NOT_FOUND';
  constructor() {
    super(USER_NOT_FOUND);
  }
}

/** The email is claimed by another user; `field` is the form field to show the message under. */
export class EmailTakenError extends DomainError {
  readonly code = 'EMAIL_TAKEN';
  override readonly field = 'email';
  constructor() {
    super(EMAIL_TAKEN);
  }
}

export class CallsignTakenError extends DomainError {
  readonly code = 'CALLSIGN_TAKEN';
  override readonly field = 'my_callsign';
  constructor(readonly callsign: string) {
    super(MY_CALLSIGN_TAKEN);
  }
}

/** A sub-account tried to add sub-accounts of its own. */
export class SubAccountsNotAllowedError extends DomainError {
  readonly code = 'SUB_ACCOUNTS_NOT_ALLOWED';
  constructor() {
    super(SUB_ACCOUNT_CANNOT_ADD);
  }
}

/** A sub-account's callsign is registered by another account (a conflict, not a form error). */
export class SubAccountCallsignTakenError extends DomainError {
  readonly code = 'SUB_ACCOUNT_CALLSIGN_TAKEN';
  constructor(readonly callsign: string) {
    super(SUB_ACCOUNT_CALLSIGN_REGISTERED);
  }
}

/** The account already has as many sub-accounts as one may have (user/quotas.ts). */
export class SubAccountLimitError extends DomainError {
  readonly code = 'SUB_ACCOUNT_LIMIT';
  override readonly field = 'callsign';
  constructor(readonly limit: number) {
    super(subAccountLimitReached(limit));
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
