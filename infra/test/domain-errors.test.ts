/** The one mapping from domain error codes to HTTP answers, and the error middleware that uses it. */
import type { Request, Response } from 'express';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  AttachmentLimitError,
  AwardsFinalError,
  AwardsNotDueError,
  CallsignTakenError,
  ContestExistsError,
  ContestNotFoundError,
  ContestNotOrganiserError,
  DOMAIN_ERROR_CODES,
  DomainError,
  EmailTakenError,
  FollowLimitError,
  FollowSelfError,
  MessageToSelfError,
  MessagingNotAllowedError,
  PhotoLimitError,
  PhotoNotFoundError,
  PostNotAuthorError,
  PostNotFoundError,
  QsoIdsExhaustedError,
  QsoIdTakenError,
  QsoNotFoundError,
  SubAccountCallsignTakenError,
  SubAccountLimitError,
  StorageQuotaError,
  SubAccountsNotAllowedError,
  UserAlreadyRegisteredError,
  UserNotFoundError,
  ValidationError,
  type DomainErrorCode,
} from '@hamlog/domain';
import { DOMAIN_ERROR_ANSWERS, domainErrorAnswer, UNMAPPED_DOMAIN_ERROR_STATUS } from '../src/http/domain-errors';
import { CONCURRENT_CHANGE } from '../src/http/error-answers';
import { errorHandler, HttpError } from '../src/http/errors';
import { WrongExpectedRevisionError } from '../src/ports/event-store';

/** One of each DomainError class, keyed by its code: the compiler insists on every code. */
const oneOfEach: Record<DomainErrorCode, DomainError> = {
  VALIDATION_FAILED: new ValidationError({ email: ['Please enter your email address.'], password: ['Too short.'] }),
  QSO_NOT_FOUND: new QsoNotFoundError('q1'),
  QSO_ID_TAKEN: new QsoIdTakenError('q1'),
  QSO_IDS_EXHAUSTED: new QsoIdsExhaustedError(),
  USER_ALREADY_REGISTERED: new UserAlreadyRegisteredError('u1'),
  USER_NOT_FOUND: new UserNotFoundError(),
  EMAIL_TAKEN: new EmailTakenError(),
  CALLSIGN_TAKEN: new CallsignTakenError('W1AW'),
  SUB_ACCOUNTS_NOT_ALLOWED: new SubAccountsNotAllowedError(),
  SUB_ACCOUNT_CALLSIGN_TAKEN: new SubAccountCallsignTakenError('W1AW/P'),
  SUB_ACCOUNT_LIMIT: new SubAccountLimitError(10),
  FOLLOW_SELF: new FollowSelfError(),
  FOLLOW_LIMIT: new FollowLimitError(),
  PHOTO_NOT_FOUND: new PhotoNotFoundError('p1'),
  PHOTO_LIMIT: new PhotoLimitError(),
  ATTACHMENT_LIMIT: new AttachmentLimitError('sstv'),
  STORAGE_QUOTA: new StorageQuotaError(499 * 1024 * 1024),
  MESSAGE_TO_SELF: new MessageToSelfError(),
  MESSAGING_NOT_ALLOWED: new MessagingNotAllowedError(),
  CONTEST_NOT_FOUND: new ContestNotFoundError(),
  CONTEST_NOT_ORGANISER: new ContestNotOrganiserError(),
  CONTEST_EXISTS: new ContestExistsError('club-sprint-0123456789ab'),
  AWARDS_FINAL: new AwardsFinalError('2025-03-10'),
  AWARDS_NOT_DUE: new AwardsNotDueError('2025-03-10', new Date('2025-03-11T00:00:00Z')),
  POST_NOT_FOUND: new PostNotFoundError(),
  POST_NOT_AUTHOR: new PostNotAuthorError(),
};

/** A code this build does not know (an error from a newer domain). */
class NewRuleError extends DomainError {
  readonly code = 'SOMETHING_NEW' as DomainErrorCode;
  constructor() {
    super('A rule added later.');
  }
}

function answerOf(error: unknown): { status: number; body: unknown; headers: Record<string, string> } {
  const sent = { status: 0, body: undefined as unknown, headers: {} as Record<string, string> };
  const res = {
    headersSent: false,
    setHeader(name: string, value: string) {
      sent.headers[name.toLowerCase()] = value;
      return this;
    },
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: unknown) {
      sent.body = body;
      return this;
    },
  } as unknown as Response;
  errorHandler(pino({ level: 'silent' }))(error, { path: '/api/x' } as Request, res, () => {});
  return sent;
}

describe('domain error answers', () => {
  it('map every code the domain declares to a 4xx status', () => {
    expect(Object.keys(DOMAIN_ERROR_ANSWERS).sort()).toEqual([...DOMAIN_ERROR_CODES].sort());
    for (const code of DOMAIN_ERROR_CODES) {
      const error = oneOfEach[code];
      expect(error.code).toBe(code);
      const { status } = domainErrorAnswer(error);
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(500);
    }
  });

  it('answer as the routers did by hand', () => {
    const table = Object.fromEntries(DOMAIN_ERROR_CODES.map((code) => [code, domainErrorAnswer(oneOfEach[code])]));
    expect(table).toEqual({
      VALIDATION_FAILED: { status: 422, message: 'Please enter your email address.', errors: { email: ['Please enter your email address.'], password: ['Too short.'] } },
      QSO_NOT_FOUND: { status: 404, message: 'QSO not found' },
      QSO_ID_TAKEN: { status: 409, message: 'This QSO id already belongs to another contact.' },
      QSO_IDS_EXHAUSTED: { status: 409, message: 'This contact collides with edited QSOs; change the time by a minute and log it again.' },
      USER_ALREADY_REGISTERED: { status: 409, message: 'Registration failed. Either the callsign or email address is already in use.' },
      USER_NOT_FOUND: { status: 401, message: 'Unauthenticated.' },
      EMAIL_TAKEN: { status: 422, message: 'That email address is already registered. Log in instead, or use a one-time PIN if you forgot your password.', errors: { email: ['That email address is already registered. Log in instead, or use a one-time PIN if you forgot your password.'] } },
      CALLSIGN_TAKEN: { status: 422, message: 'That callsign is already registered. If it is yours, you can claim it.', errors: { my_callsign: ['That callsign is already registered. If it is yours, you can claim it.'] } },
      SUB_ACCOUNTS_NOT_ALLOWED: { status: 403, message: oneOfEach.SUB_ACCOUNTS_NOT_ALLOWED.message },
      SUB_ACCOUNT_CALLSIGN_TAKEN: { status: 409, message: oneOfEach.SUB_ACCOUNT_CALLSIGN_TAKEN.message },
      SUB_ACCOUNT_LIMIT: { status: 422, message: oneOfEach.SUB_ACCOUNT_LIMIT.message, errors: { callsign: [oneOfEach.SUB_ACCOUNT_LIMIT.message] } },
      FOLLOW_SELF: { status: 422, message: 'You cannot follow yourself.', errors: { user_id: ['You cannot follow yourself.'] } },
      FOLLOW_LIMIT: { status: 422, message: oneOfEach.FOLLOW_LIMIT.message, errors: { user_id: [oneOfEach.FOLLOW_LIMIT.message] } },
      PHOTO_NOT_FOUND: { status: 404, message: 'Photo not found' },
      PHOTO_LIMIT: { status: 422, message: oneOfEach.PHOTO_LIMIT.message },
      ATTACHMENT_LIMIT: { status: 422, message: 'A QSO can have at most 10 SSTV images.' },
      STORAGE_QUOTA: { status: 413, message: 'Your photos and QSO attachments may use at most 500 MB, and 499 MB are in use. Delete some to upload more.' },
      MESSAGE_TO_SELF: { status: 422, message: 'You cannot send a message to yourself.', errors: { recipient_id: ['You cannot send a message to yourself.'] } },
      MESSAGING_NOT_ALLOWED: { status: 403, message: 'please upgrade to use direct messaging' },
      CONTEST_NOT_FOUND: { status: 404, message: 'No contest has this id.', errors: { contest_id: ['No contest has this id.'] } },
      CONTEST_NOT_ORGANISER: { status: 403, message: 'Only the organiser of this contest can change it.' },
      CONTEST_EXISTS: { status: 409, message: oneOfEach.CONTEST_EXISTS.message },
      AWARDS_FINAL: { status: 409, message: 'The awards of 2025-03-10 are final and are not computed again.' },
      AWARDS_NOT_DUE: { status: 409, message: 'The awards of 2025-03-10 cannot be computed before 2025-03-11T00:00:00.000Z.' },
      POST_NOT_FOUND: { status: 404, message: 'Post not found.' },
      POST_NOT_AUTHOR: { status: 403, message: 'Only the author of a post can edit it.' },
    });
  });

  it('answer a DomainError with an unknown code as a refused request, not a 500', () => {
    expect(domainErrorAnswer(new NewRuleError())).toEqual({ status: UNMAPPED_DOMAIN_ERROR_STATUS, message: 'A rule added later.' });
    expect(UNMAPPED_DOMAIN_ERROR_STATUS).toBe(422);
  });

  it('do not read codes off Object.prototype', () => {
    class Odd extends NewRuleError {
      override readonly code = 'toString' as DomainErrorCode;
    }
    expect(domainErrorAnswer(new Odd()).status).toBe(422);
  });
});

describe('errorHandler', () => {
  const noStore = { 'cache-control': 'no-store' };

  it('answers domain errors by their code, never to be cached', () => {
    expect(answerOf(new FollowSelfError())).toEqual({ status: 422, body: { message: 'You cannot follow yourself.', errors: { user_id: ['You cannot follow yourself.'] } }, headers: noStore });
    expect(answerOf(new QsoNotFoundError('q1'))).toEqual({ status: 404, body: { message: 'QSO not found' }, headers: noStore });
    expect(answerOf(new NewRuleError())).toEqual({ status: 422, body: { message: 'A rule added later.' }, headers: noStore });
  });

  it('keeps HttpErrors, answers a conflict left after retries with 409, and anything else with 500', () => {
    expect(answerOf(new HttpError(429, 'Slow down.'))).toEqual({ status: 429, body: { message: 'Slow down.' }, headers: noStore });
    expect(answerOf(new WrongExpectedRevisionError('s-1', 3, 4))).toEqual({ status: 409, body: { message: CONCURRENT_CHANGE }, headers: noStore });
    expect(answerOf(new Error('boom')).status).toBe(500);
  });
});
