/** The fields of a logged contact, as the domain holds them, and their one mapping to the API's Qso. */
import type { Qso } from '../api-types';
import { hzToKhz } from '../frequency';
import type { QsoDetails } from './details';

export interface QsoFields {
  /** UTC, to the second: '2025-01-01T12:00:00Z'. */
  ts: string;
  /** Upper-case, 3 to 20 characters of A-Z, 0-9 and '/'. */
  call: string;
  /** Integer Hz (the API's Freq is kHz). */
  freqHz: number;
  /** ADIF band, lower-case: '20m'. */
  band: string;
  mode: string;
  subMode: string;
  name: string;
  snt: string;
  rcv: string;
  comment: string;
  /** Digits only, at most 4, or ''. */
  power: string;
  /** ADIF DXCC number; 0 for none. */
  dxcc: number;
  continent: string;
  country: string;
  lat: number | null;
  lon: number | null;
  cqZone: number | null;
  /** The API's ZN. */
  ituZone: number | null;
  gridSquare: string;
  radioMode: string;
  /** Seconds. */
  qsoDuration: number;
  qsoOrigin: string;
  /** 1 when logged while operating in Run mode (op mode 2), else 0. */
  isRunQso: number;
  contestName: string;
  /**
   * ADIF fields the contact carries beyond the ones above (imported files: QSL_RCVD, MY_GRIDSQUARE,
   * STATE, APP_..., USERDEF fields...), upper-case name to value exactly as read, so that an export
   * gives every one of them back. Absent (or empty) for contacts logged through the API.
   */
  extra?: AdifExtra;
  /**
   * The ADIF fields of QSO_DETAIL_FIELDS (confirmations, references, station, contest) under
   * their ADIF names, in canonical ADIF text (details.ts). Absent when the contact has none.
   */
  details?: QsoDetails;
}

export type AdifExtra = Readonly<Record<string, string>>;

/** A QSO as read models store it and the API answers it. */
export function qsoFieldsToApi(qdoId: string, stationCallsign: string, fields: QsoFields): Qso {
  return {
    qdo_id: qdoId,
    TS: fields.ts,
    Call: fields.call,
    station_callsign: stationCallsign,
    Freq: hzToKhz(fields.freqHz),
    Band: fields.band,
    Mode: fields.mode,
    SubMode: fields.subMode,
    Name: fields.name,
    SNT: fields.snt,
    RCV: fields.rcv,
    Comment: fields.comment,
    Power: fields.power,
    dxcc: fields.dxcc,
    Continent: fields.continent,
    country: fields.country,
    LAT: fields.lat,
    LON: fields.lon,
    cq_zone: fields.cqZone,
    ZN: fields.ituZone,
    GridSquare: fields.gridSquare,
    radio_mode: fields.radioMode,
    qso_duration: fields.qsoDuration,
    qso_origin: fields.qsoOrigin,
    IsRunQSO: fields.isRunQso,
    ContestName: fields.contestName,
    ContactType: '',
    ...(fields.details ? { adif: fields.details } : {}),
  };
}

function sameExtra(a: Readonly<Record<string, string>> | undefined, b: Readonly<Record<string, string>> | undefined): boolean {
  const aKeys = a ? Object.keys(a) : [];
  if (aKeys.length !== (b ? Object.keys(b).length : 0)) return false;
  return aKeys.every((key) => b !== undefined && Object.hasOwn(b, key) && a![key] === b[key]);
}

/** Whether two field sets are the same contact data (an update that changes nothing). */
export function sameQsoFields(a: QsoFields, b: QsoFields): boolean {
  if (!sameExtra(a.extra, b.extra) || !sameExtra(a.details, b.details)) return false;
  const plain = (key: string) => key !== 'extra' && key !== 'details';
  const keys = (Object.keys(a) as (keyof QsoFields)[]).filter(plain);
  return keys.length === Object.keys(b).filter(plain).length && keys.every((key) => a[key] === b[key]);
}
