/**
 * POST /api/lookup, Wavelog's callsign look-up: the DXCC entity from the callsign, and what the
 * key owner's own log knows of the station (name, grid, QTH ...) with workedBefore.
 */
import type { CallsignLocation } from '../dxcc/database';
import { gridSquareCenter } from '../maidenhead';
import type { QsoFields } from '../qso/fields';

export interface LookupAnswer {
  callsign: string;
  /** The entity's name, false when the callsign has none. */
  dxcc: string | false;
  dxcc_id: number | string;
  dxcc_lat: number | string;
  dxcc_long: number | string;
  dxcc_cqz: number | string;
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
    iota_ref: extra.IOTA ?? '',
    state: extra.STATE ?? '',
    us_county: extra.CNTY ?? '',
    qsl_manager: extra.QSL_VIA ?? '',
    bearing: '',
    workedBefore: latest !== null,
    lotw_member: false,
    suffix_slash: suffixSlash(callsign),
  };
  const center = answer.gridsquare ? gridSquareCenter(answer.gridsquare) : null;
  if (center) answer.latlng = [center.lat, center.lon];
  return answer;
}
