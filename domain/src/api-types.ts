/**
 * Shapes of the HTTP API under /api, shared by the server and the web client.
 * Field names follow the specification's call tables exactly.
 */

/** Header a command answers with: the log position its events reached. */
export const LOG_POSITION_HEADER = 'x-log-position';
/** Header a read may carry: wait (bounded) until the read models have passed this position. */
export const MIN_POSITION_HEADER = 'x-min-position';

/**
 * The signed-in user as every auth answer, /vuser, /vupdateprofile and /vaddsubaccount send it
 * (community spec §3 User). Only ever sent to its owner: it carries the API key and the QRZ key.
 * Text fields are '' when unset; flags are booleans (a client may send them back as 1/0).
 */
export interface User {
  id: string;
  name: string;
  /** '' for a sub-account (it has no email of its own). */
  email: string;
  my_callsign: string;
  /** Whether an admin approved a claim proving this callsign (decision 0025); false until then. */
  callsign_verified: boolean;
  /** An administrator (the admin pages are checked on the server; this only shows the way there). */
  is_admin: boolean;
  api_key: string;
  profile_image_name: string;
  eqsl_apikey: string | null;
  /** The main account's id for a sub-account; null for a main account. */
  managed_by_id: string | null;
  managed_by_callsign: string | null;
  /** The same as managed_by_callsign (both names are in the specification). */
  managed_by_call: string | null;
  /** The main account's callsign for a sub-account; null for a main account. */
  main_account: string | null;
  sub_accounts: SubAccountSummary[];
  /** A subscription is in force now (a sub-account shares its main account's). */
  subscribed: boolean;
  /** 1 when the subscription was paid for (never for a sub-account), else 0. */
  paid_subscription: number;
  has_password: boolean;
  created_at: string;
  qth: string;
  grid: string;
  mobile_number: string;
  club_call: string;
  profile_bio: string;
  facebook_link: string;
  youtube_link: string;
  instagram_link: string;
  twitter_link: string;
  /** The owner's live stream address (decision 0051), or ''. */
  live_stream_url: string;
  qrz_api_key: string;
  qrz_auto_log_qso: boolean;
  clublog_email: string;
  /** Always '': the stored Clublog password is never sent back. */
  clublog_password: '';
  /** Whether a Clublog password is stored. */
  has_clublog_password: boolean;
  clublog_auto_log_qso: boolean;
  exclude_from_leaderboards: boolean;
  /** Whether others see the owner's award counts on the public station page (off by default). */
  show_award_progress: boolean;
  rig_name_override: string;
  is_ham: boolean;
  is_cb: boolean;
  is_swl: boolean;
}

export interface SubAccountSummary {
  id: string;
  callsign: string;
  name: string;
  profile_image_name: string;
}

export interface Subscription {
  level: string;
  expiryDate: string | null;
}

export interface AuthAnswer {
  token: string;
  user: User;
  subscription: Subscription;
}

/** 422 answer: the first entry of each list is what the form shows under the field. */
export interface FieldErrors {
  message: string;
  errors: Record<string, string[]>;
}

/** Any other 4xx/5xx answer. */
export interface ErrorAnswer {
  message: string;
}

export interface RegisterRequest {
  email: string;
  my_callsign: string;
  ref_id?: string;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface UpdatePasswordRequest {
  password: string;
  password_confirmation: string;
  /** Needed unless the session is a fresh PIN sign-in (decision 0021). */
  current_password?: string;
}

// --- Accounts (issue 4): PIN login, sub-accounts, the profile form, API key ---

/** A flag as a client may send it. */
export type FlagInput = boolean | 0 | 1 | '0' | '1' | 'true' | 'false';

/**
 * POST /vupdateprofile. A body with only password and password_confirmation changes the password;
 * any other body is the profile form: name, email (not for a sub-account), qth and grid are
 * required, a field left out keeps its value. clublog_password '' keeps the stored one; clearing
 * clublog_email forgets it. Answers {user} or 422 FieldErrors.
 */
export interface UpdateProfileRequest {
  name: string;
  email: string;
  qth: string;
  grid: string;
  mobile_number?: string;
  club_call?: string;
  profile_bio?: string;
  facebook_link?: string;
  youtube_link?: string;
  instagram_link?: string;
  twitter_link?: string;
  qrz_api_key?: string;
  qrz_auto_log_qso?: FlagInput;
  clublog_email?: string;
  clublog_password?: string;
  clublog_auto_log_qso?: FlagInput;
  eqsl_apikey?: string;
  exclude_from_leaderboards?: FlagInput;
  show_award_progress?: FlagInput;
  rig_name_override?: string;
  is_ham?: FlagInput;
  is_cb?: FlagInput;
  is_swl?: FlagInput;
  password?: string;
  password_confirmation?: string;
}

/** GET /vuser, POST /vupdateprofile, POST /vaddsubaccount, POST /vnewapikey. */
export interface UserAnswer {
  user: User;
}

/**
 * POST /vsendpin: answers 200 {message} whether or not the callsign has an account (nothing is
 * sent for an unknown one), after the same time either way (decision 0047); 422 for a callsign
 * outside 3..30; 429 with Retry-After; 502 when the mail failed before the answer was due.
 */
export interface SendPinRequest {
  callsign: string;
}

export interface MessageAnswer {
  message: string;
}

/** POST /vpinlogin: AuthAnswer, or 401 with WRONG_PIN, or 429 with Retry-After. */
export interface PinLoginRequest {
  callsign: string;
  pin: string;
}

/**
 * POST /vaddsubaccount: UserAnswer (the main account with its sub_accounts); 422 for the
 * specification's callsign messages, 409 when the callsign has its own account, 403 for a
 * sub-account caller.
 */
export interface AddSubAccountRequest {
  callsign: string;
}

/** POST /vLoginToSubaccount: AuthAnswer of the sub-account, or 404 unless the caller manages it. */
export interface LoginToSubaccountRequest {
  sub_account_id: string;
}

/** POST /vnewapikey: a fresh API key; the old one stops working for companion apps at once. */
export interface NewApiKeyAnswer {
  api_key: string;
  user: User;
}

/** A QSO as the API sends it. Freq is in kHz; TS is an ISO 8601 UTC timestamp. */
export interface Qso {
  qdo_id: string;
  TS: string;
  Call: string;
  station_callsign: string;
  Freq: number;
  Band: string;
  Mode: string;
  SubMode: string;
  Name: string;
  SNT: string;
  RCV: string;
  Comment: string;
  Power: string;
  dxcc: number;
  Continent: string;
  country: string;
  LAT: number | null;
  LON: number | null;
  cq_zone: number | null;
  ZN: number | null;
  GridSquare: string;
  radio_mode: string;
  qso_duration: number;
  qso_origin: string;
  IsRunQSO: number;
  ContestName: string;
  ContactType: string;
  /** The QSO's ADIF detail fields (confirmations, references, station, contest) by ADIF name; absent when none. */
  adif?: Readonly<Record<string, string>>;
  /** The first attached recording's file name, or ''. Files are served at /media/{file_name}. */
  mp3_name?: string;
  mp3s?: { file_name: string }[];
  sstvs?: { file_name: string }[];
}

/** Fields a client may send when logging or updating (Freq in kHz, as number or numeric string). */
export interface QsoInput {
  Call: string;
  TS?: string;
  Freq?: number | string;
  Mode?: string;
  SubMode?: string;
  Name?: string;
  SNT?: string;
  RCV?: string;
  Comment?: string;
  Power?: string | number;
  radio_mode?: string;
  qso_duration?: number | string;
  qso_origin?: string;
  IsRunQSO?: number | string;
  dxcc?: number | string;
  Continent?: string;
  country?: string;
  LAT?: number | string | null;
  LON?: number | string | null;
  cq_zone?: number | string | null;
  /** The ITU zone; without it, the entity's. */
  ZN?: number | string | null;
  GridSquare?: string;
  ContestName?: string;
  /** ADIF fields beyond these (QSO_DETAIL_FIELDS): SRX, STX, STATE, CLASS ... */
  adif?: Record<string, string | number | null>;
}

export interface UpsertRequest {
  data: QsoInput;
}

export interface UpsertAnswer {
  qdo_id: string;
  /** true when the same contact was already logged (a resend): nothing new was written. */
  duplicate: boolean;
  /** true when that already-logged contact came with other fields (a correction) and was updated with them. */
  updated?: boolean;
}

export type UpdateRequest = QsoInput & { qdo_id: string };

export interface LogbookRequest {
  page: number;
  size: number;
}

export interface LogbookAnswer {
  logbook: Qso[];
  page: number;
  size: number;
  total: number;
}

export interface LogbookCountAnswer {
  count: number;
}

/** A user the log bar found for the searched callsign (a station on this service). */
export interface LogbarUser {
  id: string;
  name: string;
  my_callsign: string;
  profile_image_name: string;
  photos: { file_name: string }[];
}

/**
 * POST /vlogbar/{callsign} ('/' travels as '_'): what the logger shows after a callsign search.
 * Counts, times and qsos are the caller's own contacts with that callsign (zero and empty for
 * visitors). The location fields come from the callsign (cty.dat rules); dxcc_entity is 0 when
 * the callsign gives no entity (/MM, /AM, unknown prefix).
 */
export interface LogbarAnswer {
  callsign: string;
  human_time_since_last_qso: string | null;
  human_time_since_first_qso: string | null;
  total_qsos: number;
  dxcc_entity: number;
  country: string;
  continent: string;
  cq_zone: number | null;
  itu_zone: number | null;
  lat: number | null;
  lon: number | null;
  user: LogbarUser | null;
  /** The caller's previous QSOs with this callsign, newest first (at most LOGBAR_QSO_LIMIT). */
  qsos: Qso[];
  /** Best known name for the station: the caller's last QSO with a name, else the user's name, else ''. */
  name: string;
}

export const LOGBAR_QSO_LIMIT = 50;

/** One entry of POST /vdxcc-entity-distinct/ (de-duplicated by adif and name). */
export interface DxccEntityOption {
  adif: number;
  name: string;
  cont: string;
  latitude: number;
  longitude: number;
  cqz: number;
}

/** POST /vrigcontrol/get: the caller's rig as the companion app last reported it. freq in kHz; 0 when no rig. */
export interface RigState {
  freq: number;
  mode: string;
  op_mode: number;
  rig_name: string;
}

/** POST /api/radio (Cloudlog/Wavelog): numbers may arrive as strings; frequency in Hz. */
export interface CloudlogRadioRequest {
  key: string;
  radio: string;
  frequency: number | string;
  mode?: string;
  power?: number | string;
}

/** One change of one field in a QSO's history, both values as the page shows them. */
export interface QsoFieldChange {
  field: string;
  from: string;
  to: string;
}

/** One event of a QSO's stream, told for its owner. */
export interface QsoHistoryEntry {
  /** Global log position of the event. */
  position: number;
  /** ISO 8601 UTC time the event was recorded. */
  at: string;
  /** The event type, e.g. 'QsoUpdated'. */
  event: string;
  /** 'Logged', 'Updated', 'Deleted', 'Restored', 'Recording attached', ... */
  label: string;
  changes: QsoFieldChange[];
  file_name?: string;
}

/** POST /vqso/history {qdo_id} (owner only): the QSO as its stream ends, and every event, oldest first. */
export interface QsoHistoryAnswer {
  qdo_id: string;
  deleted: boolean;
  qso: Qso;
  history: QsoHistoryEntry[];
  /** The services that refused this QSO, and why in their words (until it changes and is sent again). */
  rejections?: QsoRejection[];
}

export interface QsoRejection {
  service: 'lotw' | 'qrz' | 'clublog' | 'eqsl';
  reason: string;
  at: string;
}

/** POST /vqso/deleted {page, size}: the caller's deleted QSOs, newest deletion first. */
export interface DeletedQsosAnswer {
  qsos: (Qso & { deleted_at: string })[];
  page: number;
  size: number;
  total: number;
}

/** POST /api/qso/{qdo_id}/recordings and /sstv (raw file body, API key): what was attached. */
export interface AttachmentAnswer {
  qdo_id: string;
  file_name: string;
  content_type: string;
  bytes: number;
  /** false when this file was already attached (a resend): nothing new was written. */
  attached: boolean;
}

// --- People: public profiles, follows, photos, direct messages, inbox, page views (community spec §3, §7) ---

/** The profile image name of a user without a default photo. Files are served at /media/{name}. */
export const MISSING_PROFILE_IMAGE = 'missing.JPG';

/** One of a user's photos. profile_image_name and thumbnail_name are file names under /media/. */
export interface Photo {
  id: string;
  profile_image_name: string;
  thumbnail_name: string;
  created_at: string;
}

/** POST /vphotos: the caller's photos, newest first. */
export type PhotosAnswer = Photo[];

/** POST /vuploadphoto (multipart field `image`): 'ok' with the photo, or 'error' with a 4xx status. */
export type UploadPhotoAnswer = { status: 'ok'; photo: Photo } | { status: 'error'; message: string };

/** POST /vphotodelete and POST /vphotomakedefault. */
export interface PhotoIdRequest {
  id: string;
}

/** POST /vphotodelete and /vphotomakedefault: the caller's profile image name afterwards. */
export interface PhotoChangeAnswer {
  status: 'ok';
  profile_image_name: string;
}

/** POST /vsetfollowstate: 1 follows, 0 unfollows. Following is private: the followed user is never told. */
export interface SetFollowStateRequest {
  user_id: string;
  follow_level: 0 | 1;
}

/** The ids of the users the caller follows. */
export interface FollowingAnswer {
  following: string[];
}

/**
 * POST /vsendmessage. message_id is optional: a client that sends one makes retries safe across
 * minutes; without it a resend of the same text to the same recipient in the same UTC minute is one message.
 */
export interface SendMessageRequest {
  message: string;
  recipient_id: string;
  message_id?: string;
}

export interface SendMessageAnswer {
  status: 'ok';
  message_id: string;
  /** true when this message had been delivered already (a resend): nothing new was written. */
  duplicate: boolean;
}

/** type_id of a notification sent by a user (a direct message). */
export const NOTIFICATION_TYPE_USER = 100;

export interface NotificationSender {
  id: string;
  profile_image_name: string;
  my_callsign: string;
}

/** An inbox entry. Texts are plain text as the sender typed them (never HTML). */
export interface Notification {
  id: string;
  subject: string;
  message: string;
  type_id: number;
  sender: NotificationSender | null;
  created_at: string;
  about_qso_id: string | null;
  about_post_id: string | null;
  about_comment_id: string | null;
}

/** POST /vinbox: unread notifications (now marked read) and already-read ones, newest first. */
export interface InboxAnswer {
  notifications: Notification[];
  OldNotifications: Notification[];
}

/** POST /vsr (logged in; polled every 10 s). */
export interface StatusAnswer {
  notification_count: number;
  live_stream_count: number;
  subscription: Subscription;
  following: string[];
}

/** One of a station's recent QSOs on its public profile. */
export type ProfileQso = Qso;

/**
 * A user's public profile (GET /vprofilefor?callsign=). Never carries email, api_key, mobile
 * number, QRZ/Clublog/eQSL keys or passwords.
 */
export interface PublicProfile {
  id: string;
  name: string;
  my_callsign: string;
  /** Whether the callsign is proven (decision 0025); the page marks it 'Unverified' otherwise. */
  callsign_verified: boolean;
  qth: string;
  grid: string;
  profile_bio: string;
  club_call: string;
  facebook_link: string;
  youtube_link: string;
  instagram_link: string;
  twitter_link: string;
  is_ham: boolean;
  is_cb: boolean;
  is_swl: boolean;
  profile_image_name: string;
  /** The verified premium subscriber badge. */
  subscribed: boolean;
  created_at: string;
  /** The callsign of the main account, for a sub-account; else null. */
  main_account: string | null;
  managed_by_callsign: string | null;
  /** The last 4 photos, newest first. */
  photos: Photo[];
  user_awards: { id: string; award: { name: string; short_name: string }; award_date: string }[];
  posts: { id: string; title: string }[];
  /** The station's most recent QSOs, newest first (at most PROFILE_QSO_HISTORY_LIMIT). */
  qso_history: ProfileQso[];
}

/** POST /vclaimcallsign (multipart: callsign, note, email when not signed in, image): 201 when sent for review (decision 0025). */
export interface CallsignClaimAnswer {
  claim_id: string;
  message: string;
}

/** GET /vprofilefor answer; following is whether the caller follows this user (false for visitors). */
export interface ProfileAnswer {
  profile: PublicProfile;
  following: boolean;
}

export const PROFILE_PHOTO_LIMIT = 4;
export const PROFILE_QSO_HISTORY_LIMIT = 20;

/** POST /log-page-view (bearer optional; the token's user is recorded, not user_id). Answers 204. */
export interface PageViewRequest {
  user_id?: string | number | null;
  session_id?: string | null;
  page_url: string;
  utm_source?: string | null;
  utm_medium?: string | null;
  referrer_url?: string | null;
}

/**
 * POST /vimportqrz (no payload; decision 0038). 'ok': the QSOs of the last 2 weeks in the user's
 * QRZ logbook were imported, those already in the log skipped, and the records that could not be
 * read named with the reason. 'error': nothing was imported; the client shows 'ERROR. {error}'.
 */
export type QrzImportAnswer = QrzImportDone | QrzImportRefused;

export interface QrzImportDone {
  status: 'ok';
  message: string;
  imported: number;
  duplicates: number;
  failed: { record: string; message: string }[];
  /** The QSO dates asked for (UTC, both included). */
  from: string;
  to: string;
}

export interface QrzImportRefused {
  status: 'error';
  error: string;
}
