/**
 * What a session signed in with the API key may do (decision 0049). The key travels in QR codes
 * and `?key=` URLs, so the session it buys (POST /vapikeylogin, scope 'key', and any sub-account
 * session opened from it) does what its message says and nothing else: every other call that
 * looks at who is signed in answers 403 with KEY_SESSION_OUT_OF_SCOPE.
 */
import type { User } from '../api-types';

/** How the session was bought: 'key' with the API key; 'full' with a password, a PIN or registration. */
export type SessionScope = 'full' | 'key';

/**
 * The uses a key session has, each naming the calls it opens. A route that a key session may call
 * names its use where it authenticates; every other route refuses key sessions.
 */
export const KEY_SESSION_USES = {
  /** Who it is signed in as (/vuser, without secrets: keySessionUser), signing out, switching into a sub-account. */
  ownSession: 'its own session',
  /** Logging a contact and correcting one (/vqso/upsert, /vqso/update: a correction keeps the QSO's history); not deleting or restoring. */
  logContacts: 'log contacts',
  /** The logbook and its count, one QSO and its history, the log bar's previous contacts. */
  readLogbook: 'read your logbook',
  /** The rig as last reported (the report itself goes with the key: POST /api/radio). */
  reportRig: 'report your rig',
} as const;

export type KeySessionUse = keyof typeof KEY_SESSION_USES;

/** The fields a key session never reads: the account's contact details and its keys for other services. */
const HIDDEN_FROM_KEY_SESSIONS = ['email', 'mobile_number', 'qrz_api_key', 'clublog_email', 'eqsl_apikey'] as const satisfies readonly (keyof User)[];

/** The user as a session of this scope sees it: a key session gets the same shape with the secrets blank. */
export function userSeenBy(scope: SessionScope, user: User): User {
  if (scope === 'full') return user;
  const seen = { ...user };
  for (const field of HIDDEN_FROM_KEY_SESSIONS) seen[field] = '';
  return seen;
}
