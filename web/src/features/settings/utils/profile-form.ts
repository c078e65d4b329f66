import { BIO_MAX, RIG_NAME_OVERRIDE_MAX } from '@/config/app';
import { MESSAGES } from '@/config/messages';

/** The text fields of the profile form, named as the API names them. */
export const PROFILE_TEXT_FIELDS = [
  'name',
  'email',
  'qth',
  'grid',
  'mobile_number',
  'club_call',
  'profile_bio',
  'facebook_link',
  'youtube_link',
  'instagram_link',
  'twitter_link',
  'qrz_api_key',
  'clublog_email',
  'clublog_password',
  'eqsl_apikey',
  'rig_name_override',
] as const;

/** The flags of the profile form; they travel as 1 or 0. */
export const PROFILE_FLAGS = [
  'is_ham',
  'is_cb',
  'is_swl',
  'qrz_auto_log_qso',
  'clublog_auto_log_qso',
  'exclude_from_leaderboards',
] as const;

export type ProfileTextField = (typeof PROFILE_TEXT_FIELDS)[number];
export type ProfileFlag = (typeof PROFILE_FLAGS)[number];
export type ProfileFormValues = Record<ProfileTextField, string> & Record<ProfileFlag, boolean>;
export type ProfileFormErrors = Partial<Record<ProfileTextField | ProfileFlag, string>>;

/** What /vupdateprofile takes: text trimmed, flags as 1/0. clublog_password only when typed. */
export type ProfilePayload = Partial<Record<ProfileTextField, string>> & Record<ProfileFlag, 0 | 1>;

/** Required, with the name the messages use (as the server words them). */
export const REQUIRED_FIELDS: Record<'name' | 'email' | 'qth' | 'grid', string> = {
  name: 'name',
  email: 'email',
  qth: 'qth',
  grid: 'grid',
};

/** A sub-account has no email of its own: the form neither asks for nor sends one. */
export interface FormAccount {
  isSubAccount: boolean;
}

/** 1, '1', true and 'true' are on; anything else is off. */
export function flagOn(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/** The form filled from the user as the server sent it (missing fields are empty). */
export function profileFormFromUser(from: object | null | undefined): ProfileFormValues {
  const user = from as Record<string, unknown> | null | undefined;
  const values = {} as ProfileFormValues;
  for (const field of PROFILE_TEXT_FIELDS) {
    const v = user?.[field];
    values[field] = typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
  }
  // The server never sends the Clublog password back: the field only sets a new one.
  values.clublog_password = '';
  for (const flag of PROFILE_FLAGS) values[flag] = flagOn(user?.[flag]);
  return values;
}

/** Set a flag; HAM and SWL exclude each other, so ticking one clears the other. */
export function withFlag(values: ProfileFormValues, flag: ProfileFlag, on: boolean): ProfileFormValues {
  const next = { ...values, [flag]: on };
  if (on && flag === 'is_ham') next.is_swl = false;
  if (on && flag === 'is_swl') next.is_ham = false;
  return next;
}

/**
 * A bio as the server stores it: trimmed, script and style blocks and every tag removed (the text
 * between tags stays), stray angle brackets dropped, trimmed again. Word for word the server's
 * rule (domain/src/user/profile-form.ts), so the length the form counts is the length it checks.
 */
export function stripMarkup(text: string): string {
  return text
    .trim()
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<\/?[a-z!][^>]*>/gi, '')
    .replace(/[<>]/g, '')
    .trim();
}

/** The bio's length as the server counts it: markup stripped first (UTF-16 units, as it does). */
export function bioLength(text: string): number {
  return stripMarkup(text).length;
}

/** The rules the client can check before sending; the server checks them again. */
export function validateProfileForm(values: ProfileFormValues, account: FormAccount = { isSubAccount: false }): ProfileFormErrors {
  const errors: ProfileFormErrors = {};
  for (const [field, label] of Object.entries(REQUIRED_FIELDS) as [keyof typeof REQUIRED_FIELDS, string][]) {
    if (field === 'email' && account.isSubAccount) continue;
    if (!values[field].trim()) errors[field] = MESSAGES.fieldRequired(label);
  }
  if (bioLength(values.profile_bio) > BIO_MAX) errors.profile_bio = MESSAGES.bioTooLong;
  if (values.rig_name_override.trim().length > RIG_NAME_OVERRIDE_MAX) errors.rig_name_override = MESSAGES.rigNameTooLong;
  return errors;
}

export function toProfilePayload(values: ProfileFormValues, account: FormAccount = { isSubAccount: false }): ProfilePayload {
  const payload = {} as ProfilePayload;
  for (const field of PROFILE_TEXT_FIELDS) {
    if (field === 'clublog_password') continue;
    if (field === 'email' && account.isSubAccount) continue;
    payload[field] = field === 'profile_bio' ? stripMarkup(values[field]) : values[field].trim();
  }
  if (values.clublog_password) payload.clublog_password = values.clublog_password;
  payload.grid = (payload.grid ?? '').replace(/\s+/g, '');
  for (const flag of PROFILE_FLAGS) payload[flag] = values[flag] ? 1 : 0;
  return payload;
}

/** The first server message for each field of a 422 answer. */
export function serverFieldErrors(errors: Record<string, string[]> | undefined): ProfileFormErrors {
  const out: ProfileFormErrors = {};
  if (!errors) return out;
  for (const field of [...PROFILE_TEXT_FIELDS, ...PROFILE_FLAGS]) {
    const first = errors[field]?.[0];
    if (first) out[field] = first;
  }
  return out;
}
