/**
 * POST /vupdateprofile: the profile form's rules (community spec §5). A body with only password
 * fields changes the password (the step right after registering); any other body is the form, in
 * which name, email, qth and grid are required and a field left out keeps its stored value.
 */
import { isValidGridSquare, normaliseGridSquare } from '../maidenhead';
import * as m from '../messages';
import { LIVE_STREAM_URL_INVALID } from '../live-station/texts';
import { LIVE_STREAM_URL_MAX_LENGTH, normaliseLiveStreamUrl } from '../live-station/stream-address';
import { PROFILE_API_FIELDS, type Profile } from './profile';
import { normaliseEmail } from './streams';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type Validated } from './validation';

export const PROFILE_NAME_MAX_LENGTH = 100;
export const QTH_MAX_LENGTH = 100;
export const MOBILE_NUMBER_MAX_LENGTH = 30;
export const CLUB_CALL_MAX_LENGTH = 20;
export const PROFILE_BIO_MAX_LENGTH = 1000;
export const LINK_MAX_LENGTH = 255;
export const KEY_MAX_LENGTH = 100;
export const RIG_NAME_OVERRIDE_MAX_LENGTH = 10;

export interface ProfileFormChanges {
  /** The fields sent, validated and normalised; the others keep their stored values. */
  changes: Partial<Profile>;
  /** The new email (trimmed, lower-cased) when the form carries one. */
  email: string | null;
  /** A new password for the account, when one was typed. */
  password: string | null;
  /** A new Clublog password when one was typed ('' never clears it: it is never echoed back). */
  clublogPassword: string | null;
}

type Errors = Record<string, string[]>;

/** What the settings form calls each field, for messages written to the person filling it in. */
const FIELD_LABELS: Record<string, string> = {
  name: 'name',
  qth: 'QTH (your location)',
  grid: 'grid square',
  mobile_number: 'mobile number',
  club_call: 'club callsign',
  profile_bio: 'bio',
  facebook_link: 'Facebook link',
  youtube_link: 'YouTube link',
  instagram_link: 'Instagram link',
  twitter_link: 'X (Twitter) link',
  live_stream_url: 'live stream address',
  qrz_api_key: 'QRZ API key',
  qrz_auto_log_qso: 'QRZ auto-log',
  clublog_email: 'Clublog email',
  clublog_auto_log_qso: 'Clublog auto-log',
  eqsl_apikey: 'eQSL API key',
  exclude_from_leaderboards: 'leaderboards',
  show_award_progress: 'award progress',
  rig_name_override: 'rig name',
  is_ham: 'HAM',
  is_cb: 'CB',
  is_swl: 'SWL',
};
const label = (field: string): string => FIELD_LABELS[field] ?? field.replace(/_/g, ' ');
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const CALLSIGN = /^[A-Z0-9/]+$/;
const PHONE = /^\+?[0-9 ()./-]+$/;

const TEXT_LIMITS: Partial<Record<keyof Profile, number>> = {
  name: PROFILE_NAME_MAX_LENGTH,
  qth: QTH_MAX_LENGTH,
  grid: 20,
  mobileNumber: MOBILE_NUMBER_MAX_LENGTH,
  clubCall: CLUB_CALL_MAX_LENGTH,
  profileBio: PROFILE_BIO_MAX_LENGTH,
  facebookLink: LINK_MAX_LENGTH,
  youtubeLink: LINK_MAX_LENGTH,
  instagramLink: LINK_MAX_LENGTH,
  twitterLink: LINK_MAX_LENGTH,
  liveStreamUrl: LIVE_STREAM_URL_MAX_LENGTH,
  qrzApiKey: KEY_MAX_LENGTH,
  clublogEmail: EMAIL_MAX_LENGTH,
  eqslApikey: KEY_MAX_LENGTH,
  rigNameOverride: RIG_NAME_OVERRIDE_MAX_LENGTH,
};
const LINKS = ['facebookLink', 'youtubeLink', 'instagramLink', 'twitterLink'] as const;
const FLAGS = ['qrzAutoLogQso', 'clublogAutoLogQso', 'excludeFromLeaderboards', 'showAwardProgress', 'isHam', 'isCb', 'isSwl'] as const;
const REQUIRED = ['name', 'qth', 'grid'] as const;
/** Keys that make a body the profile form rather than a password change. */
const FORM_KEYS = new Set<string>([
  ...Object.entries(PROFILE_API_FIELDS).filter(([key]) => key !== 'hasClublogPassword').map(([, api]) => api),
  'email',
  'clublog_password',
]);

/** Plain text of a bio: script and style blocks and every tag removed, surrounding space trimmed. */
export function stripMarkup(text: string): string {
  return text
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<\/?[a-z!][^>]*>/gi, '')
    .replace(/[<>]/g, '')
    .trim();
}

/** An http(s) link as typed, with https:// added when no scheme was typed; null when it is no web link. */
export function normaliseLink(text: string): string | null {
  if (/\s/.test(text)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.')) return null;
  } catch {
    return null;
  }
  return withScheme;
}

/** 1/0, true/false, '1'/'0', 'true'/'false' (null and '' are false); undefined for anything else. */
export function parseFlag(value: unknown): boolean | undefined {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false' || value === null || value === '') return false;
  return undefined;
}

function textOf(body: Record<string, unknown>, field: string, errors: Errors): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  errors[field] = [m.fieldMustBeString(label(field))];
  return undefined;
}

function passwordOf(body: Record<string, unknown>, errors: Errors, subAccount: boolean): string | null {
  const password = typeof body.password === 'string' ? body.password : '';
  const confirmation = typeof body.password_confirmation === 'string' ? body.password_confirmation : '';
  if (password === '') return null;
  if (subAccount) errors.password = [m.SUB_ACCOUNT_NO_PASSWORD];
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = [m.PASSWORD_TOO_SHORT];
  else if (password.length > PASSWORD_MAX_LENGTH) errors.password = [m.PASSWORD_TOO_LONG];
  else if (password !== confirmation) errors.password = [m.PASSWORD_CONFIRMATION_MISMATCH];
  return password;
}

function checkText(key: keyof Profile, text: string, errors: Errors): string {
  const field = PROFILE_API_FIELDS[key];
  const max = TEXT_LIMITS[key];
  if (key === 'profileBio') text = stripMarkup(text);
  if (key === 'clubCall') text = text.toUpperCase();
  if (max !== undefined && text.length > max) {
    errors[field] = [m.fieldTooLong(label(field), max)];
    return text;
  }
  if (text === '') return text;
  if (key === 'grid') {
    if (!isValidGridSquare(text)) errors[field] = [m.GRID_INVALID];
    return normaliseGridSquare(text) ?? text;
  }
  if (key === 'mobileNumber' && !PHONE.test(text)) errors[field] = [m.fieldFormatInvalid(label(field))];
  if (key === 'clubCall' && !CALLSIGN.test(text)) errors[field] = [m.fieldFormatInvalid(label(field))];
  if (key === 'clublogEmail') {
    text = normaliseEmail(text);
    if (!EMAIL.test(text)) errors[field] = [m.fieldMustBeEmail(label(field))];
  }
  if (key === 'liveStreamUrl') {
    const stream = normaliseLiveStreamUrl(text);
    if (stream === null) errors[field] = [LIVE_STREAM_URL_INVALID];
    return stream ?? text;
  }
  if ((LINKS as readonly string[]).includes(key)) {
    const link = normaliseLink(text);
    if (link === null) errors[field] = [m.fieldMustBeUrl(label(field))];
    return link ?? text;
  }
  return text;
}

export function validateProfileForm(
  body: Record<string, unknown>,
  account: { isSubAccount: boolean },
): Validated<ProfileFormChanges> {
  const errors: Errors = {};
  const isForm = Object.keys(body).some((key) => FORM_KEYS.has(key));
  const password = passwordOf(body, errors, account.isSubAccount);
  if (!isForm) {
    if (password === null && !errors.password) errors.password = [m.PASSWORD_REQUIRED];
    return Object.keys(errors).length > 0
      ? { ok: false, errors }
      : { ok: true, value: { changes: {}, email: null, password, clublogPassword: null } };
  }

  const changes: Partial<Profile> = {};
  for (const [key, field] of Object.entries(PROFILE_API_FIELDS) as [keyof Profile, string][]) {
    if (key === 'hasClublogPassword') continue;
    if ((FLAGS as readonly string[]).includes(key)) {
      if (body[field] === undefined) continue;
      const flag = parseFlag(body[field]);
      if (flag === undefined) errors[field] = [m.fieldMustBeBoolean(label(field))];
      else (changes as Record<string, unknown>)[key] = flag;
      continue;
    }
    const text = textOf(body, field, errors);
    if (text !== undefined) (changes as Record<string, unknown>)[key] = checkText(key, text, errors);
  }
  for (const key of REQUIRED) {
    const field = PROFILE_API_FIELDS[key];
    if (!errors[field] && !changes[key]) errors[field] = [m.fieldRequired(label(field))];
  }
  if (changes.isHam && changes.isSwl) errors.is_swl = [m.HAM_SWL_EXCLUSIVE];

  const emailText = textOf(body, 'email', errors);
  let email: string | null = null;
  if (account.isSubAccount) {
    if (emailText) errors.email = [m.SUB_ACCOUNT_NO_EMAIL];
  } else if (!errors.email) {
    email = normaliseEmail(emailText ?? '');
    if (email === '') errors.email = [m.EMAIL_REQUIRED];
    else if (email.length > EMAIL_MAX_LENGTH) errors.email = [m.EMAIL_TOO_LONG];
    else if (!EMAIL.test(email)) errors.email = [m.EMAIL_INVALID];
  }

  const clublogPassword = textOf(body, 'clublog_password', errors) || null;
  if (clublogPassword && clublogPassword.length > KEY_MAX_LENGTH) errors.clublog_password = [m.fieldTooLong('Clublog password', KEY_MAX_LENGTH)];
  // No Clublog account, no Clublog password: clearing the email forgets the password too.
  if (changes.clublogEmail === '') changes.hasClublogPassword = false;
  else if (clublogPassword) changes.hasClublogPassword = true;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: { changes, email, password, clublogPassword: changes.clublogEmail === '' ? null : clublogPassword },
  };
}
