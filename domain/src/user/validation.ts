/** Registration and password input rules, with the Laravel-style messages the client shows per field. */
import type { FieldErrors, RegisterRequest, UpdatePasswordRequest } from '../api-types';
import * as m from '../messages';
import { isRegistrableCallsign } from './callsign-rules';
import { normaliseEmail } from './streams';
import type { Validated } from '../validated';

export const MY_CALLSIGN_MIN_LENGTH = 3;
export const MY_CALLSIGN_MAX_LENGTH = 20;
export const EMAIL_MAX_LENGTH = 255;
export const REF_ID_MAX_LENGTH = 100;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

export type { Validated } from '../validated';

export interface Registration {
  /** Trimmed and lower-cased. */
  email: string;
  /** Trimmed and upper-cased. */
  callsign: string;
  refId: string;
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** The email's problem (normalised email expected), or null. */
export function emailProblem(email: string): string | null {
  if (email === '') return m.EMAIL_REQUIRED;
  if (email.length > EMAIL_MAX_LENGTH) return m.EMAIL_TOO_LONG;
  return EMAIL.test(email) ? null : m.EMAIL_INVALID;
}

/** The account callsign's problem (upper-cased callsign expected), or null. */
export function myCallsignProblem(callsign: string): string | null {
  if (callsign === '') return m.MY_CALLSIGN_REQUIRED;
  if (callsign.length < MY_CALLSIGN_MIN_LENGTH || callsign.length > MY_CALLSIGN_MAX_LENGTH) return m.MY_CALLSIGN_LENGTH;
  return isRegistrableCallsign(callsign) ? null : m.MY_CALLSIGN_FORMAT;
}

export function validateRegistration(input: Partial<RegisterRequest>): Validated<Registration> {
  const errors: Record<string, string[]> = {};
  const email = normaliseEmail(str(input?.email));
  const badEmail = emailProblem(email);
  if (badEmail) errors.email = [badEmail];

  const callsign = str(input?.my_callsign).toUpperCase();
  const badCallsign = myCallsignProblem(callsign);
  if (badCallsign) errors.my_callsign = [badCallsign];

  const refId = str(input?.ref_id);
  if (refId.length > REF_ID_MAX_LENGTH) errors.ref_id = [m.REF_ID_TOO_LONG];

  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: { email, callsign, refId } };
}

export function validatePasswordChange(input: Partial<UpdatePasswordRequest>): Validated<{ password: string }> {
  const password = typeof input?.password === 'string' ? input.password : '';
  const confirmation = typeof input?.password_confirmation === 'string' ? input.password_confirmation : '';
  const problems: string[] = [];
  if (password === '') problems.push(m.PASSWORD_REQUIRED);
  else if (password.length < PASSWORD_MIN_LENGTH) problems.push(m.PASSWORD_TOO_SHORT);
  else if (password.length > PASSWORD_MAX_LENGTH) problems.push(m.PASSWORD_TOO_LONG);
  if (password !== '' && password !== confirmation) problems.push(m.PASSWORD_CONFIRMATION_MISMATCH);
  return problems.length > 0 ? { ok: false, errors: { password: problems } } : { ok: true, value: { password } };
}

/** A 422 answer body: Laravel's summary message plus the errors per field. */
export function toFieldErrors(errors: Record<string, string[]>): FieldErrors {
  const all = Object.values(errors).flat();
  return { message: m.fieldErrorsSummary(all[0] ?? m.VALIDATION_FAILED, Math.max(0, all.length - 1)), errors };
}
