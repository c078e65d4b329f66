/**
 * Wavelog's calls beyond Cloudlog's (decision 0036): version, private_lookup, get_contacts_adif
 * and get_wp_stats, answered with Wavelog 2.0's words, fields and types (its
 * application/controllers/Api.php), which the apps and plugins that call them match on.
 */
import type { CloudlogStation } from './api';

/**
 * The Wavelog release whose API this one answers as, for GET/POST /api/version. 2.0.3 is a real
 * release (tagged by its migration 'tag_2_0_3') with every call served here: private_lookup
 * (1.8.6), version (2.0), get_wp_stats (2.0.1); and it is older than the calls and options we do
 * not have (the radio's cat_url 2.1.1, create_station 2.1.2, private_lookup's callbook 2.2.3,
 * get_contacts_adif's filters 2.4), so an app that checks the version does not ask for them.
 */
export const WAVELOG_VERSION = '2.0.3';

// Wavelog's wording, word for word (typos included: 'successfull' is what get_contacts_adif sends).
export const WAVELOG_KEY_OR_SESSION_MISSING = 'missing api key or session';
export const WAVELOG_KEY_MISSING_OR_WRONG = 'missing or wrong api key';
export const WAVELOG_FIELDS_MISSING = 'Not all required fields were present in input JSON';
export const WAVELOG_FETCHFROMID_INVALID = 'Invalid fetchfromid.';
export const WAVELOG_STATION_NOT_ACCESSIBLE = 'Station ID not accessible for this API key';
export const WAVELOG_STATION_ID_INVALID = 'Invalid station_id.';
export const WAVELOG_NO_STATIONS_MATCHING = 'no station_profiles are matching the User with this API-Key';

/** PHP's is_numeric on a JSON value: a number, or text of one (sign, decimals, exponent, white space around). */
const NUMERIC_TEXT = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/;

/** The number PHP's is_numeric() accepts in this value, or null when it accepts none (booleans, '', '12abc', '0x1A'). */
export function phpNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !NUMERIC_TEXT.test(value)) return null;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : null;
}

/** PHP's (int) cast of a numeric value: towards zero, kept within the safe integers. */
export function phpInteger(number: number): number {
  const whole = Math.trunc(number);
  return Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, whole));
}

/** The station a number names among the key's stations (numbered from 1, as station_info lists them), or null. */
export function stationNumbered(stations: readonly CloudlogStation[], id: number | null): CloudlogStation | null {
  return id !== null && Number.isInteger(id) && id >= 1 ? (stations[id - 1] ?? null) : null;
}

/**
 * get_contacts_adif's station_id, compared the way Wavelog's in_array() does against the ids it
 * lists: any value equal to a station's number ("1", 1, " 1", "1.0"); nothing else.
 */
export function contactsStation(stations: readonly CloudlogStation[], value: unknown): CloudlogStation | null {
  return stationNumbered(stations, phpNumber(value));
}

/** get_wp_stats's station_id: numeric (else 400), cast to an integer ("1.9" is station 1) like Wavelog's (int). */
export function wpStatsStationId(value: unknown): number | null {
  const number = phpNumber(value);
  return number === null ? null : phpInteger(number);
}

/**
 * private_lookup's station_ids: null when not given as a list (every station of the key is
 * searched), else the key's stations the list names (possibly none, which Wavelog refuses).
 */
export function privateLookupStations(stations: readonly CloudlogStation[], value: unknown): CloudlogStation[] | null {
  const list = Array.isArray(value) ? value : typeof value === 'object' && value !== null ? Object.values(value) : null;
  if (list === null) return null;
  const picked: CloudlogStation[] = [];
  for (const item of list) {
    const number = phpNumber(item);
    const station = number === null ? null : stationNumbered(stations, number);
    if (station && !picked.includes(station)) picked.push(station);
  }
  return picked;
}

/** QSOs one get_contacts_adif call gives at most: Wavelog's default; asked for more (or -1, no limit), a client gets this many and fetches on. */
export const CONTACTS_ADIF_MAX_LIMIT = 20_000;

/** get_contacts_adif's optional limit: Wavelog's default 20000 unless a number is given; 0 gives none, more than the maximum the maximum. */
export function contactsAdifLimit(value: unknown): number {
  const number = phpNumber(value);
  if (number === null) return CONTACTS_ADIF_MAX_LIMIT;
  const limit = phpInteger(number);
  return limit < 0 ? CONTACTS_ADIF_MAX_LIMIT : Math.min(limit, CONTACTS_ADIF_MAX_LIMIT);
}

/**
 * get_contacts_adif's cursor after a fetch from `fetchFromId`: the highest log position among the
 * QSOs given, or where the client was when none were. Text, as Wavelog sends it after an export
 * (its MySQL id); Wavelog sends a number when there is nothing new, which typed clients written
 * for the text cannot read, so it is text here both times.
 */
export function contactsAdifCursor(fetchFromId: number, positions: readonly number[]): string {
  return String(positions.length === 0 ? fetchFromId : positions.reduce((a, b) => Math.max(a, b)));
}

export interface ContactsAdifAnswer {
  status: 'successfull';
  message: 'Export successfull' | 'No new QSOs available.';
  lastfetchedid: string;
  /** A number, as PHP's count() gives it. */
  exported_qsos: number;
  /** The ADIF file (header and records); null when there is nothing new. */
  adif: string | null;
}

export function contactsAdifAnswer(cursor: string, exported: number, adif: string): ContactsAdifAnswer {
  return exported === 0
    ? { status: 'successfull', message: 'No new QSOs available.', lastfetchedid: cursor, exported_qsos: 0, adif: null }
    : { status: 'successfull', message: 'Export successfull', lastfetchedid: cursor, exported_qsos: exported, adif };
}

/** One row of get_wp_stats's totalgroupedmodes: MySQL's count as text, no sub-mode as null. */
export interface WpStatsModeRow {
  count: string;
  col_mode: string;
  col_submode: string | null;
}

export interface WpStatsAnswer {
  status: 'successful';
  message: 'Export successful';
  statistics: {
    totalalltime: [{ count: string }];
    totalthisyear: [{ count: string }];
    totalgroupedmodes: WpStatsModeRow[];
  };
}

/** get_wp_stats (the WordPress plugin's call): the station's QSOs in all, this year (UTC), and per mode and sub-mode. */
export function wpStatsAnswer(counts: { total: number; year: number; modes: readonly { mode: string; subMode: string; count: number }[] }): WpStatsAnswer {
  return {
    status: 'successful',
    message: 'Export successful',
    statistics: {
      totalalltime: [{ count: String(counts.total) }],
      totalthisyear: [{ count: String(counts.year) }],
      totalgroupedmodes: counts.modes.map((m) => ({ count: String(m.count), col_mode: m.mode, col_submode: m.subMode === '' ? null : m.subMode })),
    },
  };
}
