import { PASSWORD_MIN } from '@/config/app';
import { MESSAGES } from '@/config/messages';

export type PasswordErrors = Partial<Record<'password' | 'password_confirmation', string>>;

/** New password at least 8 characters, and typed the same twice. */
export function validateNewPassword(password: string, confirmation: string): PasswordErrors {
  const errors: PasswordErrors = {};
  if (password.length < PASSWORD_MIN) errors.password = MESSAGES.passwordTooShort;
  else if (password !== confirmation) errors.password_confirmation = MESSAGES.passwordMismatch;
  return errors;
}
