/**
 * POST /api/lookup, Wavelog's callsign look-up: the DXCC entity from the callsign, and what the
 * key owner's own log knows of the station (name, grid, QTH ...) with workedBefore. POST
 * /api/private_lookup answers the same look-up with Wavelog's worked and confirmed flags
 * (privateLookupAnswer) in place of workedBefore.
 */
import type { CallsignLocation } from '../dxcc/database';
import { gridSquareCenter } from '../maidenhead';
import type { QsoFields } from '../qso/fields';

/** What both look-ups say of the station itself, the same way. */
export interface LookupStationFields {
  dxcc_flag: string;
  cont: string;
  name: string;
  gridsquare: string;
  location: string;
  iota_ref: string;
  state: string;
  us_county: string;
  qsl_manager: string;
  bearing: string;
}

export interface LookupAnswer extends LookupStationFields {
  callsign: string;
  /** The entity's name, false when the callsign has none. */
  dxcc: string | false;
  dxcc_id: number | string;
  dxcc_lat: number | string;
  dxcc_long: number | string;
  dxcc_cqz: number | string;
  workedBefore: boolean;
  lotw_member: boolean;
  suffix_slash: string | null;
  /** [lat, lon] of the grid, when the log has one for the station. */
  latlng?: [number, number];
}

const SUFFIXES: Readonly<Record<string, string>> = { P: 'Portable', M: 'Mobile', MM: 'Maritime Mobile' };

/** Wavelog's reading of a suffix after the call ('W1AW/P' is portable); '' when there is none. */
function suffixSlash(callsign: string): string | null {
  const at = callsign.lastIndexOf('/');
  if (at <= 4) return '';
  return SUFFIXES[callsign.slice(at + 1)] ?? null;
}

/**
 * `latest` is the key owner's newest contact with the callsign (null: never worked); `name` the
 * newest name the log has for it.
 */
export function lookupAnswer(callsign: string, location: CallsignLocation | null, latest: QsoFields | null, name: string): LookupAnswer {
  const entity = location && location.dxcc !== 0 ? location : null;
  const extra = latest?.extra ?? {};
  const details = latest?.details ?? {};
  const answer: LookupAnswer = {
    callsign,
    dxcc: entity ? entity.country : false,
    dxcc_id: latest && latest.dxcc !== 0 ? latest.dxcc : (entity?.dxcc ?? ''),
    dxcc_lat: entity?.lat ?? '',
    dxcc_long: entity?.lon ?? '',
    dxcc_cqz: entity?.cqZone ?? '',
    dxcc_flag: '',
    cont: latest?.continent || entity?.continent || '',
    name,
    gridsquare: latest?.gridSquare ?? '',
    location: extra.QTH ?? '',
    iota_ref: details.IOTA ?? '',
    state: details.STATE ?? '',
    us_county: details.CNTY ?? '',
    qsl_manager: details.QSL_VIA ?? '',
    bearing: '',
    workedBefore: latest !== null,
    lotw_member: false,
    suffix_slash: suffixSlash(callsign),
  };
  const center = answer.gridsquare ? gridSquareCenter(answer.gridsquare) : null;
  if (center) answer.latlng = [center.lat, center.lon];
  return answer;
}

/** What the key owner's log says of a callsign on the band and mode asked about (private_lookup). */
export interface CallWorked {
  worked: boolean;
  workedBand: boolean;
  workedBandMode: boolean;
  /** Confirmed by QSL card, LoTW, eQSL or QRZ.com (the QSL fields of imported contacts). */
  confirmed: boolean;
  confirmedBand: boolean;
  confirmedBandMode: boolean;
}

/** Whether the log has a confirmed contact with the callsign's DXCC entity (at all, on the band, on the band and mode). */
export interface DxccConfirmed {
  confirmed: boolean;
  confirmedBand: boolean;
  confirmedBandMode: boolean;
}

export const NOT_CONFIRMED: DxccConfirmed = { confirmed: false, confirmedBand: false, confirmedBandMode: false };

/**
 * POST /api/private_lookup, in Wavelog's field order. The entity's numbers are text, as Wavelog
 * sends them from MySQL ("dxcc_id":"224"): the Go clients that read this call declare them as
 * strings, and an entity the callsign has none of is '' (never false, which those clients could
 * not read either).
 */
export interface PrivateLookupAnswer extends LookupStationFields {
  callsign: string;
  dxcc: string;
  dxcc_id: string;
  dxcc_lat: string;
  dxcc_long: string;
  dxcc_cqz: string;
  call_worked: boolean;
  call_worked_band: boolean;
  call_worked_band_mode: boolean;
  lotw_member: boolean;
  dxcc_confirmed_on_band: boolean;
  dxcc_confirmed_on_band_mode: boolean;
  dxcc_confirmed: boolean;
  call_confirmed: boolean;
  call_confirmed_band: boolean;
  call_confirmed_band_mode: boolean;
  suffix_slash: string | null;
  latlng?: [number, number];
}

/** The DXCC number private_lookup checks confirmations of: the one lookupAnswer gives, or null for none. */
export function lookupDxcc(answer: LookupAnswer): number | null {
  const id = Number(answer.dxcc_id);
  return answer.dxcc_id !== '' && Number.isInteger(id) && id > 0 ? id : null;
}

/** The look-up of lookupAnswer, with the worked and confirmed flags for the band and mode asked about. */
export function privateLookupAnswer(lookup: LookupAnswer, call: CallWorked, dxcc: DxccConfirmed): PrivateLookupAnswer {
  const text = (value: number | string): string => String(value);
  const answer: PrivateLookupAnswer = {
    callsign: lookup.callsign,
    dxcc: lookup.dxcc === false ? '' : lookup.dxcc,
    dxcc_id: text(lookup.dxcc_id),
    dxcc_lat: text(lookup.dxcc_lat),
    dxcc_long: text(lookup.dxcc_long),
    dxcc_cqz: text(lookup.dxcc_cqz),
    dxcc_flag: lookup.dxcc_flag,
    cont: lookup.cont,
    name: lookup.name,
    gridsquare: lookup.gridsquare,
    location: lookup.location,
    iota_ref: lookup.iota_ref,
    state: lookup.state,
    us_county: lookup.us_county,
    qsl_manager: lookup.qsl_manager,
    bearing: lookup.bearing,
    call_worked: call.worked,
    call_worked_band: call.workedBand,
    call_worked_band_mode: call.workedBandMode,
    lotw_member: lookup.lotw_member,
    dxcc_confirmed_on_band: dxcc.confirmedBand,
    dxcc_confirmed_on_band_mode: dxcc.confirmedBandMode,
    dxcc_confirmed: dxcc.confirmed,
    call_confirmed: call.confirmed,
    call_confirmed_band: call.confirmedBand,
    call_confirmed_band_mode: call.confirmedBandMode,
    suffix_slash: lookup.suffix_slash,
  };
  if (lookup.latlng) answer.latlng = lookup.latlng;
  return answer;
}
