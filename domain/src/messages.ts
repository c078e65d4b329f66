/**
 * Every text the product shows a user because of a rule or an error. The specification's texts are
 * kept word for word (including their punctuation and capitals).
 */

// --- Specification: errors and prompts (core) ---
export const LOGIN_FAILED = 'Login failed! please check email and password';
export const TOO_MANY_LOGIN_ATTEMPTS = 'Too many failed logins. Please wait a few minutes and try again.';
export const REGISTRATION_FAILED = 'Registration failed. Either the callsign or email address is already in use.';
export const PLEASE_LOG_IN_TO_LOG = 'Please Log in to log contacts?';
export const NETWORK_ERROR = 'Network Error, please try again.';
export const LOGBOOK_LOAD_FAILED = 'Failed to load logbook.';
export const LOGBOOK_COUNT_LOAD_FAILED = 'Error loading total logs count';
export const QSO_LOAD_FAILED = 'Error loading QSO';
export const QSOS_LOAD_FAILED = 'Error loading QSOs';
export const LOADING = 'Loading...';
export const LOADING_FEED = 'Loading feed...';
export const RESET_COUNTERS_CONFIRM = 'Reset counters?';
/** The specification's 'Delete QSO {id}?', naming the contact instead of its id: call, band and UTC time. */
export const deleteQsoConfirm = (qso: { Call: string; Band: string; TS: string }): string => {
  const at = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(qso.TS);
  const band = qso.Band ? ` on ${qso.Band}` : '';
  const time = at ? ` at ${at[2]} UTC on ${at[1]}` : '';
  return `Delete QSO with ${qso.Call}${band}${time}?`;
};
export const WRONG_PIN =
  'Wrong pin number, the pin will change every time you request it, you must enter the latest pin number. Click send pin AND WAIT for the email and SMS to arrive. Check your JUNK FOLDER.';
export const PIN_SEND_FAILED = 'Sending pin failed, please check your callsign and try again.';
export const PIN_EMAIL_NOTE = "We'll EMAIL you a PIN, please check your JUNK FOLDER";
export const PIN_CALLSIGN_LENGTH = 'Callsign must be between 3 and 30 characters';
export const SUB_ACCOUNT_CALLSIGN_INVALID = 'Please enter a valid callsign';
export const SUB_ACCOUNT_OWN_CALLSIGN = 'You cannot add your own callsign as a sub-account.';
export const SUB_ACCOUNT_ALREADY_ADDED = 'This callsign is already added as a sub-account.';
export const SUB_ACCOUNT_CANNOT_ADD =
  'You cannot add sub-accounts. Please logout and login to your main account to add new sub-accounts.';
export const SUB_ACCOUNTS_EMPTY = 'No sub-accounts available.';
export const AN_ERROR_OCCURRED = 'An error occurred';
export const SUB_ACCOUNT_ADD_FAILED = 'An error occurred while adding sub account';
export const UPGRADE_REQUIRED = 'Please upgrade to access that feature.';
export const REGISTER_REQUIRED = 'Please register to access that feature.';
export const INVALID_SEARCH_QUERY = 'invalid search query';
export const PIP_NOT_SUPPORTED = 'PiP is not supported for iframe videos in this implementation.';
export const CAT_LINK_UNAVAILABLE = 'CAT Link Unavailable';

// --- Registration and password (shown under each field, so written for the person filling it in) ---
export const EMAIL_REQUIRED = 'Please enter your email address.';
export const EMAIL_INVALID = 'Please enter a valid email address, like name@example.com.';
export const EMAIL_TOO_LONG = 'An email address can be at most 255 characters.';
export const EMAIL_TAKEN = 'That email address is already registered. Log in instead, or use a one-time PIN if you forgot your password.';
export const MY_CALLSIGN_REQUIRED = 'Please enter your callsign.';
export const MY_CALLSIGN_LENGTH = 'A callsign has 3 to 20 characters.';
export const MY_CALLSIGN_FORMAT = 'Please enter a valid callsign: letters and digits (and /), with at least one of each, like W1AW.';
export const MY_CALLSIGN_TAKEN = 'That callsign is already registered. If it is yours, you can claim it.';
export const REF_ID_TOO_LONG = 'The referral code can be at most 100 characters.';
export const PASSWORD_REQUIRED = 'Please enter a password.';
export const PASSWORD_TOO_SHORT = 'Your password needs at least 8 characters.';
export const PASSWORD_TOO_LONG = 'A password can be at most 200 characters.';
export const PASSWORD_CONFIRMATION_MISMATCH = 'The two passwords do not match.';
/** The summary line of a 422 answer: Laravel's 'first message (and N more errors)'. */
export const fieldErrorsSummary = (first: string, more: number): string =>
  more === 0 ? first : `${first} (and ${more} more error${more === 1 ? '' : 's'})`;

// --- Accounts: PIN login, sub-accounts, profile form, API key, subscription (issue 4) ---
export const PIN_SENT = "If that callsign has an account, we've emailed its PIN. Please check your JUNK FOLDER.";
export const PIN_REQUIRED = 'Please enter the PIN from the email.';
export const TOO_MANY_PIN_REQUESTS = 'Too many PIN requests. Please wait a few minutes and try again.';
export const TOO_MANY_PIN_ATTEMPTS = 'Too many wrong PINs. Please wait a few minutes, then send a new PIN.';
export const PIN_MAIL_SUBJECT = 'Your HamLog login PIN';
export const pinMailText = (callsign: string, pin: string, minutes: number): string =>
  `Hello ${callsign},\n\nYour one-time HamLog login PIN is below. It works once, within ${minutes} minutes, ` +
  `and only the latest PIN you requested works.\n\nPIN: ${pin}\n\nIf you did not ask for it, you can ignore this email.\n`;
export const SUB_ACCOUNT_CALLSIGN_REGISTERED =
  'This callsign already has its own account, so it cannot be added as a sub-account. Log in to that account instead.';
export const SUB_ACCOUNT_NOT_FOUND = 'Sub-account not found.';
export const SUB_ACCOUNT_NO_EMAIL = 'A sub-account has no email address of its own; its main account is reached by email.';
export const SUB_ACCOUNT_NO_PASSWORD = 'A sub-account has no password of its own; log in to its main account and switch to it.';
export const SUBSCRIPTION_ON_SUB_ACCOUNT = "A sub-account shares its main account's subscription; change the main account's instead.";
export const HAM_SWL_EXCLUSIVE = 'Choose HAM or SWL, not both.';
export const GRID_INVALID = 'Please enter your grid square as a Maidenhead locator, like FN31 or FN31pr.';
export const fieldRequired = (label: string): string => `Please enter your ${label}.`;
export const fieldTooLong = (label: string, max: number): string => `The ${label} can be at most ${max} characters.`;
export const fieldMustBeString = (label: string): string => `The ${label} must be text.`;
export const fieldMustBeBoolean = (label: string): string => `The ${label} setting must be on or off.`;
export const fieldMustBeUrl = (label: string): string => `The ${label} must be a web address, like https://example.com/you.`;
export const fieldMustBeEmail = (label: string): string => `The ${label} must be an email address, like name@example.com.`;
export const fieldFormatInvalid = (label: string): string => `The ${label} does not look right. Please check it.`;

// --- QSO fields ---
export const CALL_REQUIRED = 'Callsign is required';
export const CALL_LENGTH = 'Callsign must be between 3 and 20 characters';
export const CALL_CHARACTERS = 'Callsign may only contain letters, digits and /';
export const TS_INVALID = "The contact's time must be a UTC date and time, like 2025-01-01T12:00:00Z.";
export const TS_IN_FUTURE = "The contact's time cannot be more than a day in the future.";
export const FREQ_INVALID = 'Please enter the frequency in kHz, like 14074.';
export const FREQ_OUTSIDE_BANDS = 'That frequency is not in an amateur band.';
export const MODE_UNKNOWN = 'Please choose a mode, like SSB, CW or FT8.';
export const SUBMODE_UNKNOWN = 'That sub-mode does not belong to the chosen mode.';
export const NAME_TOO_LONG = 'The name can be at most 100 characters.';
export const POWER_INVALID = 'Power is in watts: digits only, at most 4.';
export const SNT_TOO_LONG = 'The sent report can be at most 10 characters.';
export const RCV_TOO_LONG = 'The received report can be at most 10 characters.';
export const COMMENT_TOO_LONG = 'The comment can be at most 500 characters.';
export const DXCC_UNKNOWN = 'Please choose a DXCC entity from the list.';
export const CONTINENT_INVALID = 'The continent must be one of AF, AN, AS, EU, NA, OC or SA.';
export const COUNTRY_TOO_LONG = 'The country can be at most 100 characters.';
export const LAT_INVALID = 'The latitude must be between -90 and 90.';
export const LON_INVALID = 'The longitude must be between -180 and 180.';
export const CQ_ZONE_INVALID = 'The CQ zone must be a number from 1 to 40.';
export const ITU_ZONE_INVALID = 'The ITU zone must be a number from 1 to 90.';
export const GRID_SQUARE_INVALID = 'The grid square must be a Maidenhead locator of 2, 4, 6 or 8 characters, like FN31pr.';
export const RADIO_MODE_TOO_LONG = 'The radio mode can be at most 20 characters.';
export const QSO_DURATION_INVALID = "The contact's duration must be a whole number of seconds.";
export const QSO_ORIGIN_TOO_LONG = 'The origin can be at most 20 characters.';
export const IS_RUN_QSO_INVALID = 'Run must be 0 (search and pounce) or 1 (running).';
export const CONTEST_NAME_TOO_LONG = 'The contest name can be at most 40 characters.';
export const FIELD_MUST_BE_TEXT = (field: string): string => `The ${field} must be text.`;

// --- Domain errors ---
export const QSO_NOT_FOUND = 'QSO not found';
export const QSO_ID_TAKEN = 'This QSO id already belongs to another contact.';
export const USER_NOT_FOUND = 'User not found';
export const VALIDATION_FAILED = 'Some of the fields need another look.';

// --- QSO page: attachments, history, restore ---
export const RECORDING_UNSUPPORTED = 'A recording must be an MP3, WAV, OGG or M4A/AAC audio file.';
export const SSTV_UNSUPPORTED = 'An SSTV image must be a JPEG, PNG or GIF image.';
export const RECORDING_TOO_LARGE = 'A recording may be at most 20 MB.';
export const SSTV_TOO_LARGE = 'An SSTV image may be at most 5 MB.';
export const ATTACHMENT_EMPTY = 'Send the file itself as the request body.';
export const RECORDING_MALFORMED = 'The recording could not be read: it is not a complete MP3, WAV, OGG or M4A/AAC file.';
export const SSTV_TOO_MANY_PIXELS = 'An SSTV image may have at most 16 megapixels.';
export const recordingLimitReached = (max: number): string => `A QSO can have at most ${max} recordings.`;
export const sstvLimitReached = (max: number): string => `A QSO can have at most ${max} SSTV images.`;
export const storageQuotaReached = (maxMb: number, usedMb: number): string =>
  `Your photos and QSO attachments may use at most ${maxMb} MB, and ${usedMb} MB are in use. Delete some to upload more.`;
export const API_KEY_REQUIRED = 'An API key is required: add ?key=... or an x-api-key header.';
export const API_KEY_INVALID = 'Invalid API key.';
// Signing in with the API key from the settings' QR code (POST /api/vapikeylogin).
export const API_KEY_LOGIN_REQUIRED = 'The api key field is required.';
export const API_KEY_LOGIN_FAILED = 'This API key is not valid (it may have been replaced). Scan the QR code in Settings again.';
export const TOO_MANY_API_KEY_LOGINS = 'Too many failed sign-ins with an API key. Please wait a few minutes and try again.';
// Sessions, credential changes and the API key's scope (decision 0021).
export const TOO_MANY_ACCOUNT_LOGIN_ATTEMPTS =
  'Too many failed logins for this account. Please wait a few minutes, or sign in with a PIN sent to your email.';
export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password to change your password or email.';
export const CURRENT_PASSWORD_WRONG = 'That is not your current password.';
export const FRESH_PIN_REQUIRED =
  'Your account has no password yet. To set one or change your email, sign in with a PIN first, then do it within 10 minutes.';
export const TOO_MANY_CURRENT_PASSWORD_ATTEMPTS = 'Too many wrong current passwords. Please wait a few minutes and try again.';
/** Every call outside a key session's scope (domain/src/user/key-session-scope.ts, decision 0049). */
export const KEY_SESSION_OUT_OF_SCOPE =
  'Signed in with the API key, you can only log contacts, read your logbook and report your rig. Sign in with your password or a PIN to do this.';
export const SIGNED_OUT_EVERYWHERE = 'You are signed out on every other device.';
export const PASSWORD_CHANGED_SUBJECT = 'Your HamLog password was changed';
/** The mail to the old address after a credential change, which signs out every other device. */
const credentialChangedText = (callsign: string, change: string, ifNotYou: string, more = ''): string =>
  `Hello ${callsign},\n\nThe ${change}, and every other device was signed out.${more}\n\nIf you did not do this, ${ifNotYou}\n`;
export const passwordChangedText = (callsign: string): string =>
  credentialChangedText(
    callsign,
    'password of your HamLog account was just changed',
    "sign in with a PIN (choose 'Login with PIN' on the sign-in page) and set a new password.",
  );
export const EMAIL_CHANGED_SUBJECT = 'Your HamLog email address was changed';
export const emailChangedText = (callsign: string, newEmail: string): string =>
  credentialChangedText(
    callsign,
    `email address of your HamLog account was just changed to ${newEmail}`,
    'someone else has access to your account: contact HamLog support at once.',
    ' Mail for the account, including login PINs, now goes there.',
  );
export const QSO_DELETED = 'This QSO was deleted';

// Odd bytes, quotas (decision 0023).
export const TEXT_UNSTORABLE =
  'This text contains a character that cannot be stored (a NUL byte or a broken Unicode character). Please remove it and try again.';
export const REQUEST_NOT_UTF8 = 'The request is not valid UTF-8 text.';
export const REQUEST_PATH_MALFORMED = 'The address of this request is malformed.';
export const requestNestedTooDeeply = (limit: number): string =>
  `The request's data is nested too deeply: at most ${limit} levels of objects and arrays are accepted.`;
export const TOO_MANY_REGISTRATIONS = 'Too many accounts were registered from this address. Please try again later.';
export const subAccountLimitReached = (limit: number): string =>
  `An account can have at most ${limit} sub-accounts, and this one has ${limit} already.`;

// --- Rig reports (POST /api/radio; Cloudlog/Wavelog's wording where it has one) ---
export const RADIO_KEY_INVALID = 'missing api key';
export const RADIO_NAME_MISSING = 'missing radio element in payload';
export const RADIO_NAME_TOO_LONG = 'radio may be at most 50 characters';
export const RADIO_FREQUENCY_INVALID = 'frequency must be a frequency in Hz, e.g. 14074000';
export const RADIO_MODE_INVALID = 'mode must be text of at most 20 characters';
export const RADIO_POWER_INVALID = 'power must be a number of watts from 0 to 10000';
export const RADIO_OP_MODE_INVALID = 'op_mode must be an operating mode code from 0 to 8';
export const RADIO_PTT_INVALID = 'ptt must be true or false (1 or 0)';
export const RADIO_STREAMING_INVALID = 'streaming must be true or false (1 or 0)';
export const RADIO_AZIMUTH_INVALID = 'azimuth must be a number of degrees from 0 to 360';
export const RADIO_ELEVATION_INVALID = 'elevation must be a number of degrees from -90 to 90';
export const RADIO_ACTIVATION_TYPE_INVALID = 'activation_type must be text of at most 20 characters, e.g. POTA or SOTA';
export const RADIO_ACTIVATION_REF_INVALID = 'activation_ref must be text of at most 30 characters, e.g. US-1234 or W7W/LC-001';
export const RADIO_PROP_MODE_INVALID = 'prop_mode must be an ADIF propagation mode, e.g. SAT, EME, ES or F2';

// --- The Cloudlog/Wavelog API for companion apps (decision 0036): their wording, which apps match on ---
export const CLOUDLOG_WRONG_JSON = 'wrong JSON';
/** Apps look for 'missing api key' in the answer; a read-only key is refused for writes with it too. */
export const CLOUDLOG_KEY_READ_ONLY = 'missing api key: this API key is read-only; writing needs a read-write key';
export const CLOUDLOG_KEY_INVALID = 'missing or invalid api key';
export const CLOUDLOG_AUTH_INVALID = 'Key Invalid - either not found or disabled';
export const CLOUDLOG_STATION_NOT_OWNED = 'station id does not belong to the API key owner.';
export const CLOUDLOG_TYPE_NOT_ADIF = 'type must be adif, with the QSOs as an ADIF string in string';
export const CLOUDLOG_NO_RECORDS = 'string holds no ADIF record (each QSO ends with <eor>)';
export const CLOUDLOG_MISSING_FIELDS = 'missing fields';
export const CLOUDLOG_LOGBOOK_NOT_FOUND = 'logbook not found';
export const CLOUDLOG_NO_CALLSIGN = 'callsign to lookup not given';
export const cloudlogRecordFailed = (line: number, message: string): string => `line ${line}: ${message}`;

// --- API keys (settings): the account's read-write key and its read-only keys ---
export const apiKeyReadOnlyLimit = (limit: number): string => `An account can have at most ${limit} read-only API keys; delete one first.`;
export const API_KEY_ID_INVALID = 'key_id must be a text of 1 to 64 letters, digits, dashes or underscores.';

// --- Embed codes and the embed pages other sites frame (community spec 'Embed codes') ---
export const EMBED_CODES_LOGIN_REQUIRED = 'Please log in to see your personal HTML Embed Codes';
export const EMBED_CODES_LOAD_FAILED = 'Failed to load your embed codes. Please try again.';
export const EMBED_STATION_NOT_FOUND = 'No station with this callsign.';
export const EMBED_NO_QSOS = 'No QSOs logged yet.';
export const EMBED_NO_PHOTOS = 'No photos yet.';
export const EMBED_NO_SSTV = 'No SSTV images yet.';
export const EMBED_NO_RIG = 'No frequency reported yet.';
export const EMBED_CONTESTING = 'Contesting (frequency hidden)';

// --- People: profiles, follows, photos, direct messages, inbox (community spec §5, §6, §8) ---
export const PROFILE_NOT_FOUND = 'Profile not found';
export const PROFILE_CALLSIGN_REQUIRED = 'The callsign field is required.';
export const FOLLOW_USER_REQUIRED = 'The user id field is required.';
export const FOLLOW_LEVEL_INVALID = 'The follow level field must be 0 or 1.';
export const FOLLOW_SELF = 'You cannot follow yourself.';
export const FOLLOW_LIMIT_REACHED = 'You can follow at most 1000 stations. Unfollow one to follow another.';
export const FOLLOW_FAILED = 'Failed to follow. Please try again.';
export const UNFOLLOW_FAILED = 'Failed to unfollow. Please try again.';
export const MESSAGE_TOO_SHORT = 'Message too short. Please enter a message with at least 5 characters.';
export const MESSAGE_TOO_LONG = 'Message too long. Please enter a message with less than 500 characters.';
export const MESSAGE_SEND_FAILED = 'Failed to send message. Please try again.';
export const MESSAGING_UPGRADE_REQUIRED = 'please upgrade to use direct messaging';
export const MESSAGE_RECIPIENT_REQUIRED = 'The recipient id field is required.';
export const MESSAGE_RECIPIENT_NOT_FOUND = 'Recipient not found';
export const MESSAGE_TO_SELF = 'You cannot send a message to yourself.';
export const MESSAGE_ID_INVALID = 'The message id field must be 1 to 64 letters, digits, "-" or "_".';
export const TOO_MANY_MESSAGES = 'You are sending messages too fast. Please wait a few minutes and try again.';
export const directMessageSubject = (senderCallsign: string): string => `New message from ${senderCallsign}`;
export const SIGN_IN_FOR_NOTIFICATIONS = 'Sign in to view your notifications';
export const NO_NOTIFICATIONS = 'No Notifications';
export const NOTIFICATIONS_LOAD_FAILED = 'Failed to load notifications.';
export const PHOTO_FILE_REQUIRED = 'Please select a file to upload.';
export const PHOTO_NOT_AN_IMAGE = 'The file must be a JPEG, PNG or GIF image (.jpg, .jpeg, .png, .gif).';
export const PHOTO_TOO_LARGE = 'A photo may be at most 10 MB.';
export const PHOTO_TOO_MANY_PIXELS = 'The image is too large: at most 40 megapixels.';
export const PHOTO_LIMIT_REACHED = 'You can keep at most 100 photos. Delete one to upload another.';
export const PHOTO_NOT_FOUND = 'Photo not found';
export const PHOTO_ID_REQUIRED = 'The id field is required.';
export const PHOTO_UPLOADED = 'Photo uploaded successfully!';
export const PHOTO_DELETED = 'Photo deleted successfully!';
export const PHOTO_SET_AS_DEFAULT = 'Photo set as default successfully!';
export const TOO_MANY_PAGE_VIEWS = 'Too many page views from this address. Please slow down.';
// Callsign verification and claims (decision 0025).
export const CALLSIGN_UNVERIFIED = 'Unverified';
export const CALLSIGN_UNVERIFIED_TITLE = 'Nobody has yet proven that this account holds this callsign.';
export const CALLSIGN_ALREADY_VERIFIED = 'This callsign is already verified for another account.';
export const CLAIM_CALLSIGN_REQUIRED = 'Please enter the callsign you hold.';
export const CLAIM_EMAIL_REQUIRED = 'Please enter your email address, so we can reach you.';
export const CLAIM_NOTE_TOO_LONG = 'Please keep the note under 500 characters.';
export const CLAIM_EVIDENCE_REQUIRED = 'Please attach a photo of your QSL card or licence.';
export const CLAIM_SUBMITTED = 'Thank you. Your claim was sent for review; we will write to you when it is decided.';
export const TOO_MANY_CLAIMS = 'Too many claims from this address. Please try again later.';
export const CLAIM_NOT_FOUND = 'No claim has this id.';
export const CLAIM_ALREADY_DECIDED = 'This claim has already been decided.';
export const CLAIM_APPROVED_SUBJECT = 'Your callsign claim was approved';
export const claimApprovedText = (callsign: string, newAccount: boolean): string =>
  `Your claim to ${callsign} was approved: the callsign is now verified on your HamLog account.\n` +
  (newAccount ? `An account was made for you. Sign in with a PIN: open the sign-in page, choose 'Login with PIN' and enter ${callsign}.\n` : '');
export const CLAIM_REJECTED_SUBJECT = 'Your callsign claim was not approved';
export const claimRejectedText = (callsign: string, reason: string): string =>
  `Your claim to ${callsign} was not approved.\nReason: ${reason}\nYou may send a new claim with other evidence.`;
export const CALLSIGN_RELEASED_SUBJECT = 'Your callsign was claimed by its holder';
export const callsignReleasedText = (callsign: string, placeholder: string): string =>
  `The holder of ${callsign} proved it with a document we reviewed, so ${callsign} now belongs to their account.\n` +
  `Your account is unchanged otherwise and is now named ${placeholder}; sign in as before. ` +
  'If you hold another callsign, you can send a claim for it.';

// --- Contests: definitions and boards (community.md §2 'Contest scoreboards') ---
export const CONTEST_NOT_FOUND = 'No contest has this id.';
export const CONTEST_ID_REQUIRED = 'Say which contest to change (its contest_id).';
export const CONTEST_NOT_ORGANISER = 'Only the organiser of this contest can change it.';
export const CONTEST_EXISTS = 'You already created a contest with this name and start time. Change that one with an update instead.';
export const CONTEST_NAME_INVALID = 'A contest name has 3 to 80 characters.';
export const CONTEST_STARTS_AT_INVALID = 'starts_at must be a UTC date and time, e.g. 2024-11-02T09:00:00Z.';
export const CONTEST_ENDS_AT_INVALID = 'ends_at must be a UTC date and time, e.g. 2024-11-02T21:00:00Z.';
export const CONTEST_YEARS = 'Contest times must fall between the years 2000 and 2100.';
export const CONTEST_ENDS_BEFORE_START = 'The contest must end after it starts.';
export const CONTEST_TOO_LONG = 'A contest may last at most 31 days.';
export const CONTEST_DAILY_TOO_LONG = 'A daily contest may last at most 24 hours.';
export const CONTEST_MODES_INVALID = 'modes must be a list of ADIF modes, e.g. ["FT8", "FT4"]; leave it empty for every mode.';
export const CONTEST_TOO_MANY_MODES = 'A contest may name at most 20 modes.';
export const contestModeUnknown = (mode: string): string => `${mode} is not an ADIF mode or sub-mode.`;
export const CONTEST_POINTS_INVALID = 'points_per_contact must be a whole number from 1 to 100.';
export const CONTEST_DUPLICATE_RULE_INVALID =
  "duplicate_rule must be 'call' (a station counts once whatever the band), 'call-band' (once per band) or 'none' (every contact counts).";
export const CONTEST_LATE_UPLOAD_INVALID = 'late_upload_hours must be a whole number of hours from 0 to 720.';
export const CONTEST_REPEAT_INVALID = "repeat must be 'none' or 'daily'.";
export const contestRulesUnknown = (known: readonly string[]): string => `rules must be empty (the simple rules) or one of ${known.join(', ')}.`;
export const TOO_MANY_CONTESTS = 'You can create at most 20 contests a day. Please try again tomorrow.';

// --- Awards (core.md §2 'Awards', §7 GET /award/latest and award/{id}?width=N) ---
export const AWARD_NOT_FOUND = 'No award has this id.';
export const AWARD_WIDTH_INVALID = 'The width must be a whole number of pixels, e.g. width=600.';
export const AWARD_DAY_INVALID = 'The day must be a UTC date such as 2025-01-31.';
export const awardsAlreadyFinal = (day: string): string => `The awards of ${day} are final and are not computed again.`;
export const awardsNotDue = (day: string, cutoff: string): string => `The awards of ${day} cannot be computed before ${cutoff}.`;

// --- QRZ Logbook import (community spec §2 'Import and export', §8: 'ERROR. {error}' or 'Error importing from QRZ: {message}') ---
/** The client's line for an import the server answered with status 'error'. */
export const qrzImportError = (error: string): string => `ERROR. ${error}`;
/** The client's line when the call itself failed (network, session, server). */
export const qrzImportFailed = (message: string): string => `Error importing from QRZ: ${message}`;
export const IMPORT_FROM_QRZ = 'Import from QRZ logbook';
export const IMPORTING_FROM_QRZ = 'Importing from QRZ...';
export const QRZ_IMPORT_COVERS = 'Imports the contacts of the last 2 weeks from your QRZ logbook that are not in your log yet.';
export const QRZ_KEY_MISSING = 'Add your QRZ Logbook API key in your profile to import from QRZ.';
export const qrzKeyRejected = (reason: string): string => `QRZ did not accept your QRZ Logbook API key (${reason}). Please check it in your profile.`;
export const qrzRefused = (reason: string): string => `QRZ refused the request: ${reason}`;
export const qrzUnreachable = (what: string): string => `QRZ could not be reached (${what}). Nothing was imported; please try again later.`;
export const qrzUnreadable = (what: string): string => `QRZ sent an answer we could not read (${what}). Nothing was imported; please try again later.`;
export const qrzImported = (imported: number, duplicates: number, failed: number): string =>
  `Imported ${imported} ${imported === 1 ? 'QSO' : 'QSOs'} from QRZ (last 2 weeks); ${duplicates} already in your log` +
  (failed > 0 ? `; ${failed} could not be read.` : '.');

// --- ADIF export (community.md §2 'Import and export', §5, §8) ---
export const EXPORT_DATES_REQUIRED = 'Please select both start and end date.';
export const EXPORT_START_AFTER_END = 'Start date should be before end date.';
/** The date-time variant's equivalents (the specification does not show their text). */
export const EXPORT_DATETIMES_REQUIRED = 'Please select both start and end date and time.';
export const EXPORT_START_AFTER_END_DATETIME = 'Start date and time should be before end date and time.';
export const EXPORT_DATE_FORMAT = 'Please give dates as YYYY-MM-DD (UTC).';
export const EXPORT_DATETIME_FORMAT = 'Please give dates and times as YYYY-MM-DD HH:MM (UTC).';
export const EXPORT_REQUEST_ID_INVALID = 'request_id must be a text of at most 64 characters.';
export const EXPORT_FAILED = 'The export could not be written. Please try again.';
export const EXPORT_JOB_NOT_FOUND = 'No export file has this id.';
export const EXPORT_NOT_READY = 'This export file is not ready yet.';
export const EXPORT_JOB_FAILED_NO_FILE = 'This export failed: there is no file to download. Please export again.';
export const EXPORT_FILE_GONE = 'This export file was deleted: files are kept for 24 hours. Please export again.';
export const EXPORTS_EMPTY = 'No export files to display';
export const EXPORT_LINK_INVALID = 'This download link is not valid. Please download the file again from the list of export files.';
export const EXPORT_LINK_EXPIRED = 'This download link has expired (links work for 5 minutes). Please download the file again from the list of export files.';
export const exportsPendingLimit = (limit: number): string => `You have ${limit} exports in progress. Please wait until one of them is done.`;

// --- ADIF reading (issue 11; decision 0033): problems of an imported file, shown with their line ---
export const ADIF_NO_CALL = 'This record has no CALL, so it was not imported.';
export const ADIF_NO_EOR = 'This record does not end with <EOR>, so it was not imported.';
export const adifGarbageTag = (text: string): string => `'${text}' is not an ADIF field (expected <NAME:LENGTH>value); the record was not imported.`;
export const adifTagWithoutLength = (name: string): string => `The field <${name}> has no length (expected <${name}:LENGTH>value); the record was not imported.`;
export const adifLengthPastEnd = (name: string, length: number): string =>
  `The field ${name} says its value is ${length} characters long, but the file ends before that; the record was not imported.`;
export const adifLengthPastEor = (name: string, length: number): string =>
  `The field ${name} says its value is ${length} characters long, which runs past the end of the record (<EOR>); the record was not imported.`;
export const adifLengthIntoNextField = (name: string, length: number): string =>
  `The field ${name} says its value is ${length} characters long, which runs into the next field; the record was not imported.`;
export const adifDuplicateField = (name: string): string => `The field ${name} appears twice with different values; the record was not imported.`;
export const adifProblemOnLine = (problem: string, line: number): string => `Line ${line}: ${problem}`;
export const ADIF_NO_QSO_DATE = 'This record has no QSO_DATE, so it was not imported.';
export const ADIF_NO_TIME_ON = 'This record has no TIME_ON, so it was not imported.';
export const adifDateInvalid = (field: string, value: string): string => `${field} '${value}' is not a date like 20250131; the record was not imported.`;
export const adifTimeInvalid = (field: string, value: string): string => `${field} '${value}' is not a UTC time like 1234 or 123456; the record was not imported.`;
export const ADIF_NO_FREQ_OR_BAND = 'This record has neither a FREQ nor a BAND, so it was not imported.';
export const adifFieldRefused = (field: string, message: string): string => `${field}: ${message}`;
export const adifValueTooLong = (name: string, length: number): string =>
  `The field ${name} says its value is ${length} characters long, more than the 16 MiB a value may have; the record was not imported.`;

// --- ADIF file import (community.md §2 'Import and export', §5 '.adi and .adif', §8; decision 0034) ---
/** The line shown when an import fails (the specification's text). */
export const adifImportFailed = (message: string): string => `Error importing ADIF file: ${message}`;
export const IMPORT_ADIF_FILE = 'Import an ADIF file';
export const ADIF_IMPORT_FILE_REQUIRED = 'Please choose an ADIF file (.adi or .adif) to import.';
export const ADIF_IMPORT_NOT_ADIF_NAME = 'Only ADIF files (.adi or .adif) and Cabrillo logs (.log or .cbr) can be imported.';
export const ADIF_IMPORT_NOT_TEXT = 'The file is not ADIF text (it holds binary data). Please choose the .adi or .adif file your logger exported.';
export const ADIF_IMPORT_NO_RECORDS = 'The file holds no ADIF records (each QSO ends with <EOR>).';
export const adifImportTooLarge = (maxMb: number): string => `The file is larger than ${maxMb} MB. Please split it and import the parts one by one.`;
export const ADIF_IMPORT_NOT_FOUND = 'No import has this id.';
export const ADIF_IMPORT_INTERRUPTED = 'The import stopped before the end of the file. The QSOs imported so far are in your log; import the file again to add the rest.';
export const ADIF_IMPORT_UPLOADING = 'Uploading…';
export const ADIF_IMPORT_IMPORTING = 'Importing…';
export const adifImportProgress = (records: number): string => `Importing: ${records.toLocaleString('en-US')} records read so far.`;
export const adifImportReport = (imported: number, duplicates: number, failed: number, confirmed = 0): string =>
  `Imported ${imported.toLocaleString('en-US')} ${imported === 1 ? 'QSO' : 'QSOs'}; ` +
  (confirmed > 0 ? `confirmed ${confirmed.toLocaleString('en-US')} ${confirmed === 1 ? 'QSO' : 'QSOs'} already in your log; ` : '') +
  `${duplicates.toLocaleString('en-US')} skipped as ${duplicates === 1 ? 'a duplicate' : 'duplicates'} (already in your log); ` +
  `${failed.toLocaleString('en-US')} ${failed === 1 ? 'record' : 'records'} failed.`;
export const LOTW_CONFIRMATION_NOT_IN_LOG =
  'Not imported: no QSO in your log matches this LoTW confirmation (the same call and band within 30 minutes). Log the QSO, then import the report again.';
export const adifImportMoreFailures = (listed: number, failed: number): string =>
  `The first ${listed.toLocaleString('en-US')} of ${failed.toLocaleString('en-US')} failed records are listed.`;

// --- Uploads read at once (decision 0048): 429 for one user's bound, 503 for the server's ---
export const tooManyUploadsAtOnce = (max: number): string =>
  `You are already sending ${max} ${max === 1 ? 'file' : 'files'} at once. Please wait until one has finished, then try again.`;
export const UPLOADS_BUSY = 'HamLog is receiving many files right now. Please try again in a minute.';

// --- News, posts and videos (community.md §2 'News, posts and videos', §5 'Post', §8) ---
export const POST_TITLE_LENGTH = 'Title must be between 10 and 250 characters.';
export const POST_BODY_TOO_SHORT = 'Body must be more than 50 characters.';
export const POST_YOUTUBE_ID_INVALID = 'Invalid YouTube video ID.';
export const POST_FILE_NOT_IMAGE = 'Selected file must be an image.';
export const POST_IMAGE_OR_VIDEO_REQUIRED = 'You must select an image or enter a YouTube video ID.';
export const POST_IMAGE_AND_VIDEO = 'Please select either an image or a YouTube video ID, not both.';
export const POST_CAPTCHA_INCORRECT = 'Incorrect answer.';
export const POST_CAPTCHA_SPENT = 'This question has been used already. Please answer the new one.';
export const postCaptchaQuestion = (x: number, y: number): string => `What is ${x} + ${y}?`;
export const POST_UPDATED_BANNER = 'Post updated successfully! It may take a minutes to show up.';
export const NO_POSTS_AVAILABLE = 'No posts available.';
export const NO_VIDEOS_AVAILABLE = 'No videos available.';
export const FAILED_TO_LOAD_NEWS = 'Failed to load news posts.';
export const FAILED_TO_LOAD_POST = 'Failed to load post.';
export const FAILED_TO_SAVE_POST = 'Failed to save post.';
export const FAILED_TO_LOAD_VIDEOS = 'Failed to load video posts.';
export const POST_NOT_FOUND = 'Post not found.';
export const POST_NOT_AUTHOR = 'Only the author of a post can edit it.';
export const POST_IMAGE_TOO_LARGE = 'An image may be at most 10 MB.';
export const POST_REQUEST_ID_INVALID = 'The request_id must be text of at most 64 characters.';

// --- Admin statistics (community.md §2 'Admin statistics', §8) ---
export const FAILED_TO_LOAD_USERS = 'Failed to load users.';
export const ADMIN_ONLY = 'Only administrators may see this page.';
export const FAILED_TO_LOAD_ADMIN_STATS = 'Failed to load the platform statistics.';

// --- Subscriptions, payments and donations (community.md §2 'Donations', §4 'Payment validation', §8; issue 12) ---
export const PAYMENT_VALIDATION_FAILED = "Subscription validation failed, please try again, don't worry, we will cancel any duplicate trials.";
export const PAYMENT_VALIDATING = 'Validating your subscription...';
export const PAYMENT_VALIDATED = 'Your subscription is active. Thank you for supporting the project!';
export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured on this server.';
export const PAYMENTS_UNREACHABLE = 'The payment service is not answering; nothing was charged. Please try again in a moment.';
export const PAYMENT_SESSION_NOT_FOUND = 'No such checkout for this account.';
export const PAYMENT_SESSION_EXPIRED = 'This checkout has expired; nothing was charged.';
export const PAYMENT_ALREADY_SUBSCRIBED = 'Your subscription is already active.';
export const PAYMENT_TRIAL_USED = 'This account has already had its free trial; you can still subscribe.';
export const PAYMENT_SUB_ACCOUNT = "A sub-account shares its main account's subscription; upgrade the main account instead.";
export const PAYMENT_UPGRADE_ABORTED = 'The upgrade was cancelled; nothing was charged.';
export const STRIPE_SIGNATURE_INVALID = 'The webhook signature does not match.';
export const STRIPE_EVENT_UNREADABLE = 'The webhook body is not a Stripe event.';
export const DONATION_AMOUNT_INVALID = 'A donation is between 1 and 1000 pounds, in pounds and pence (for example 5 or 12.50).';
export const DONATION_THANKS = 'Thank you for supporting HamLog!';
export const DONATION_CANCELLED = 'Your donation did not go through. Nothing was charged.';
export const NO_SUPPORTERS_YET = 'No supporters listed yet. Be the first!';
