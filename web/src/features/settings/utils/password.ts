import { PASSWORD_CONFIRMATION_MISMATCH } from '@hamlog/domain/messages';
import { validatePasswordChange } from '@hamlog/domain/user/validation';

export type PasswordErrors = Partial<Record<'password' | 'password_confirmation' | 'current_password', string>>;

/**
 * The server's password rule (domain/src/user/validation.ts: 8 to 200 characters, typed the same
 * twice), with the mismatch shown under the confirmation field, where the user typed it.
 */
export function validateNewPassword(password: string, confirmation: string): PasswordErrors {
  const checked = validatePasswordChange({ password, password_confirmation: confirmation });
  if (checked.ok) return {};
  const first = checked.errors.password?.[0];
  return first === PASSWORD_CONFIRMATION_MISMATCH ? { password_confirmation: first } : { password: first };
}
