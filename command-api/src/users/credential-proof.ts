import { CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG, FRESH_PIN_REQUIRED, KEY_SESSION_CANNOT_CHANGE_CREDENTIALS, TOO_MANY_CURRENT_PASSWORD_ATTEMPTS, ValidationError } from '@hamlog/domain';
import type { Session } from '@hamlog/infra/auth/session-store';
import { HttpError } from '@hamlog/infra/http/errors';
import type { FailureLimiter } from '@hamlog/infra/http/rate-limit';
import type { Account } from './accounts';
import { verifyPassword } from './password';

/** A sign-in by PIN (it proves the mailbox) or a new account counts as proof this long. */
const FRESH_SIGN_IN_MS = 10 * 60_000;

/** A session signed in with the API key may not change credentials, whatever else it sends (403). */
export function refuseKeyScope(session: Session): void {
  if (session.scope === 'key') throw new HttpError(403, KEY_SESSION_CANNOT_CHANGE_CREDENTIALS);
}

function freshSignIn(session: Session, now: Date): boolean {
  return (session.signedInBy === 'pin' || session.signedInBy === 'register') && now.getTime() - session.createdAt.getTime() < FRESH_SIGN_IN_MS;
}

/**
 * Refuses a change of password or email the caller has not proven the right to make: the account's
 * current password, or a fresh PIN sign-in (the only way for an account with no password, and the
 * way back for one whose password is forgotten). Wrong current passwords are limited per account.
 */
export async function proveCredentialChange(
  session: Session,
  account: Account,
  currentPassword: string,
  now: Date,
  wrongPasswords: FailureLimiter,
): Promise<void> {
  refuseKeyScope(session);
  if (account.passwordHash && currentPassword !== '') {
    if (wrongPasswords.retryAfterSeconds(account.userId) > 0) throw new HttpError(429, TOO_MANY_CURRENT_PASSWORD_ATTEMPTS);
    if (await verifyPassword(account.passwordHash, currentPassword)) return;
    wrongPasswords.fail(account.userId);
    throw new ValidationError({ current_password: [CURRENT_PASSWORD_WRONG] });
  }
  if (freshSignIn(session, now)) return;
  throw new ValidationError({ current_password: [account.passwordHash ? CURRENT_PASSWORD_REQUIRED : FRESH_PIN_REQUIRED] });
}
