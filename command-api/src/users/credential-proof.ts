import { CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG, FRESH_PIN_REQUIRED, ValidationError } from '@hamlog/domain';
import type { Session } from '@hamlog/infra/auth/session-store';
import type { Slots } from '@hamlog/infra/http/rate-limit';
import type { Account } from './accounts';
import { verifyPassword } from './password';

/** A sign-in by PIN (it proves the mailbox) or a new account counts as proof this long. */
const FRESH_SIGN_IN_MS = 10 * 60_000;

function freshSignIn(session: Session, now: Date): boolean {
  return (session.signedInBy === 'pin' || session.signedInBy === 'register') && now.getTime() - session.createdAt.getTime() < FRESH_SIGN_IN_MS;
}

/**
 * Refuses a change of password or email the caller has not proven the right to make: the account's
 * current password, or a fresh PIN sign-in (the only way for an account with no password, and the
 * way back for one whose password is forgotten). Wrong current passwords are limited per account:
 * `takePasswordSlot` takes a slot before the password is checked (429 when none is left), and a
 * right password gives it back.
 */
export async function proveCredentialChange(
  session: Session,
  account: Account,
  currentPassword: string,
  now: Date,
  takePasswordSlot: () => Promise<Slots>,
): Promise<void> {
  if (account.passwordHash && currentPassword !== '') {
    const slots = await takePasswordSlot();
    if (await verifyPassword(account.passwordHash, currentPassword)) return slots.giveBack();
    throw new ValidationError({ current_password: [CURRENT_PASSWORD_WRONG] });
  }
  if (freshSignIn(session, now)) return;
  throw new ValidationError({ current_password: [account.passwordHash ? CURRENT_PASSWORD_REQUIRED : FRESH_PIN_REQUIRED] });
}
