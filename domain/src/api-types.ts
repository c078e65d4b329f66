/**
 * Shapes of the HTTP API under /api, shared by the server and the web client.
 * Field names follow the specification's call tables exactly.
 */

/** Header a command answers with: the log position its events reached. */
export const LOG_POSITION_HEADER = 'x-log-position';
/** Header a read may carry: wait (bounded) until the read models have passed this position. */
export const MIN_POSITION_HEADER = 'x-min-position';

export interface User {
  id: string;
  name: string;
  email: string;
  my_callsign: string;
  api_key: string;
  profile_image_name: string;
  eqsl_apikey: string | null;
  managed_by_id: string | null;
  managed_by_callsign: string | null;
  sub_accounts: { id: string; callsign: string }[];
  subscribed: boolean;
  paid_subscription: number;
  has_password: boolean;
  created_at: string;
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
  GridSquare?: string;
  ContestName?: string;
}

export interface UpsertRequest {
  data: QsoInput;
}

export interface UpsertAnswer {
  qdo_id: string;
  /** true when the same contact was already logged (a resend): nothing new was written. */
  duplicate: boolean;
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
