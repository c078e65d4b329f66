import { parseFlag, stripMarkup, validateProfileForm as validateProfileChanges } from '@hamlog/domain/user/profile-form';

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
  'live_stream_url',
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
  'show_award_progress',
] as const;

export type ProfileTextField = (typeof PROFILE_TEXT_FIELDS)[number];
export type ProfileFlag = (typeof PROFILE_FLAGS)[number];
export type ProfileFormValues = Record<ProfileTextField, string> & Record<ProfileFlag, boolean>;
export type ProfileFormErrors = Partial<Record<ProfileTextField | ProfileFlag, string>>;

/** What /vupdateprofile takes: text trimmed, flags as 1/0. clublog_password only when typed. */
export type ProfilePayload = Partial<Record<ProfileTextField, string>> & Record<ProfileFlag, 0 | 1>;

/** A sub-account has no email of its own: the form neither asks for nor sends one. */
export interface FormAccount {
  isSubAccount: boolean;
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
  for (const flag of PROFILE_FLAGS) values[flag] = parseFlag(user?.[flag]) === true;
  return values;
}

/** Set a flag; HAM and SWL exclude each other, so ticking one clears the other. */
export function withFlag(values: ProfileFormValues, flag: ProfileFlag, on: boolean): ProfileFormValues {
  const next = { ...values, [flag]: on };
  if (on && flag === 'is_ham') next.is_swl = false;
  if (on && flag === 'is_swl') next.is_ham = false;
  return next;
}

/** The bio's length as the server counts it: markup stripped first (UTF-16 units, as it does). */
export function bioLength(text: string): number {
  return stripMarkup(text).length;
}

/**
 * The server's own rules (domain/src/user/profile-form.ts), checked before sending what the form
 * would send: the first message of each field, worded as a 422 answer would word it.
 */
export function validateProfileForm(values: ProfileFormValues, account: FormAccount = { isSubAccount: false }): ProfileFormErrors {
  const checked = validateProfileChanges(toProfilePayload(values, account), account);
  return checked.ok ? {} : serverFieldErrors(checked.errors);
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
