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
export const deleteQsoConfirm = (qdoId: string): string => `Delete QSO ${qdoId}?`;
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

// --- Registration and password (Laravel-style field messages, shown under each field) ---
export const EMAIL_REQUIRED = 'The email field is required.';
export const EMAIL_INVALID = 'The email field must be a valid email address.';
export const EMAIL_TOO_LONG = 'The email field must not be greater than 255 characters.';
export const EMAIL_TAKEN = 'The email has already been taken.';
export const MY_CALLSIGN_REQUIRED = 'The my callsign field is required.';
export const MY_CALLSIGN_LENGTH = 'The my callsign field must be between 3 and 20 characters.';
export const MY_CALLSIGN_FORMAT = 'The my callsign field format is invalid.';
export const MY_CALLSIGN_TAKEN = 'The my callsign has already been taken.';
export const REF_ID_TOO_LONG = 'The ref id field must not be greater than 100 characters.';
export const PASSWORD_REQUIRED = 'The password field is required.';
export const PASSWORD_TOO_SHORT = 'The password field must be at least 8 characters.';
export const PASSWORD_TOO_LONG = 'The password field must not be greater than 200 characters.';
export const PASSWORD_CONFIRMATION_MISMATCH = 'The password field confirmation does not match.';
/** The summary line of a 422 answer: Laravel's 'first message (and N more errors)'. */
export const fieldErrorsSummary = (first: string, more: number): string =>
  more === 0 ? first : `${first} (and ${more} more error${more === 1 ? '' : 's'})`;

// --- Accounts: PIN login, sub-accounts, profile form, API key, subscription (issue 4) ---
export const PIN_SENT = "If that callsign has an account, we've emailed its PIN. Please check your JUNK FOLDER.";
export const PIN_REQUIRED = 'The pin field is required.';
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
export const GRID_INVALID = 'The grid field must be a Maidenhead locator, e.g. FN31 or FN31pr.';
export const fieldRequired = (label: string): string => `The ${label} field is required.`;
export const fieldTooLong = (label: string, max: number): string => `The ${label} field must not be greater than ${max} characters.`;
export const fieldMustBeString = (label: string): string => `The ${label} field must be a string.`;
export const fieldMustBeBoolean = (label: string): string => `The ${label} field must be true or false.`;
export const fieldMustBeUrl = (label: string): string => `The ${label} field must be a valid URL.`;
export const fieldMustBeEmail = (label: string): string => `The ${label} field must be a valid email address.`;
export const fieldFormatInvalid = (label: string): string => `The ${label} field format is invalid.`;

// --- QSO fields ---
export const CALL_REQUIRED = 'Callsign is required';
export const CALL_LENGTH = 'Callsign must be between 3 and 20 characters';
export const CALL_CHARACTERS = 'Callsign may only contain letters, digits and /';
export const TS_INVALID = 'TS must be a UTC date and time, e.g. 2025-01-01T12:00:00Z';
export const TS_IN_FUTURE = 'TS must not be more than a day in the future';
export const FREQ_INVALID = 'Freq must be a frequency in kHz, e.g. 14074';
export const FREQ_OUTSIDE_BANDS = 'Freq is not in an amateur band';
export const MODE_UNKNOWN = 'Mode must be an ADIF mode, e.g. SSB, CW or FT8';
export const SUBMODE_UNKNOWN = 'SubMode must be a sub-mode of the chosen Mode, or empty';
export const NAME_TOO_LONG = 'Name may be at most 100 characters';
export const POWER_INVALID = 'Power must be digits only, at most 4';
export const SNT_TOO_LONG = 'SNT may be at most 10 characters';
export const RCV_TOO_LONG = 'RCV may be at most 10 characters';
export const COMMENT_TOO_LONG = 'Comment may be at most 500 characters';
export const DXCC_UNKNOWN = 'dxcc must be an ADIF DXCC entity number';
export const CONTINENT_INVALID = 'Continent must be one of AF, AN, AS, EU, NA, OC, SA';
export const COUNTRY_TOO_LONG = 'country may be at most 100 characters';
export const LAT_INVALID = 'LAT must be a latitude between -90 and 90';
export const LON_INVALID = 'LON must be a longitude between -180 and 180';
export const CQ_ZONE_INVALID = 'cq_zone must be a CQ zone from 1 to 40';
export const GRID_SQUARE_INVALID = 'GridSquare must be a Maidenhead locator of 2, 4, 6 or 8 characters, e.g. FN31pr';
export const RADIO_MODE_TOO_LONG = 'radio_mode may be at most 20 characters';
export const QSO_DURATION_INVALID = 'qso_duration must be a whole number of seconds, 0 or more';
export const QSO_ORIGIN_TOO_LONG = 'qso_origin may be at most 20 characters';
export const IS_RUN_QSO_INVALID = 'IsRunQSO must be 0 or 1';
export const CONTEST_NAME_TOO_LONG = 'ContestName may be at most 40 characters';
export const FIELD_MUST_BE_TEXT = (field: string): string => `${field} must be text`;

// --- Domain errors ---
export const QSO_NOT_FOUND = 'QSO not found';
export const QSO_ID_TAKEN = 'This QSO id already belongs to another contact';
export const USER_NOT_FOUND = 'User not found';
export const VALIDATION_FAILED = 'The given data was invalid.';

// --- QSO page: attachments, history, restore ---
export const RECORDING_UNSUPPORTED = 'A recording must be an MP3, WAV, OGG or M4A/AAC audio file.';
export const SSTV_UNSUPPORTED = 'An SSTV image must be a JPEG, PNG or GIF image.';
export const RECORDING_TOO_LARGE = 'A recording may be at most 20 MB.';
export const SSTV_TOO_LARGE = 'An SSTV image may be at most 5 MB.';
export const ATTACHMENT_EMPTY = 'Send the file itself as the request body.';
export const API_KEY_REQUIRED = 'An API key is required: add ?key=... or an x-api-key header.';
export const API_KEY_INVALID = 'Invalid API key.';
// Signing in with the API key from the settings' QR code (POST /api/vapikeylogin).
export const API_KEY_LOGIN_REQUIRED = 'The api key field is required.';
export const API_KEY_LOGIN_FAILED = 'This API key is not valid (it may have been replaced). Scan the QR code in Settings again.';
export const TOO_MANY_API_KEY_LOGINS = 'Too many failed sign-ins with an API key. Please wait a few minutes and try again.';
export const QSO_DELETED = 'This QSO was deleted';

// --- Rig reports (POST /api/radio; Cloudlog/Wavelog's wording where it has one) ---
export const RADIO_KEY_INVALID = 'missing api key';
export const RADIO_NAME_MISSING = 'missing radio element in payload';
export const RADIO_NAME_TOO_LONG = 'radio may be at most 50 characters';
export const RADIO_FREQUENCY_INVALID = 'frequency must be a frequency in Hz, e.g. 14074000';
export const RADIO_MODE_INVALID = 'mode must be text of at most 20 characters';
export const RADIO_POWER_INVALID = 'power must be a number of watts from 0 to 10000';
export const RADIO_OP_MODE_INVALID = 'op_mode must be an operating mode code from 0 to 8';

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
