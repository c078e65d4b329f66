/**
 * The limits of a contact's fields (core spec §5, §9), apart from normalise-input.ts because that
 * module loads the DXCC data: the client's logger form checks these too, and must not load it.
 */
export const CALLSIGN_MIN_LENGTH = 3;
export const CALLSIGN_MAX_LENGTH = 20;
export const NAME_MAX_LENGTH = 100;
export const POWER_MAX_DIGITS = 4;
export const REPORT_MAX_LENGTH = 10;
export const COMMENT_MAX_LENGTH = 500;
export const QSO_ORIGIN_MAX_LENGTH = 20;
export const RADIO_MODE_MAX_LENGTH = 20;
export const CONTEST_NAME_MAX_LENGTH = 40;
export const COUNTRY_MAX_LENGTH = 100;
/** What a contact is logged as when no mode is sent, and the logger's first mode. */
export const DEFAULT_MODE = 'SSB';
