/** What the server says about an organiser's own rules (custom_rules), field by field. */
import {
  CUSTOM_BANDS,
  CUSTOM_LABEL_MAX,
  CUSTOM_MAX_EXCHANGE,
  CUSTOM_MAX_POINTS,
  CUSTOM_MAX_POINTS_ROWS,
  CUSTOM_NAME_MAX,
  CUSTOM_OFF_TIME_MAX_BREAK_MINUTES,
  CUSTOM_OFF_TIME_MAX_HOURS,
} from './custom-rules-spec';

export const CUSTOM_RULES_REQUIRED = 'Custom rules need custom_rules: the exchange, points, multipliers, dupes, bands and modes.';
export const CUSTOM_RULES_NOT_OBJECT = 'custom_rules must be an object with name, cabrillo_name, bands, modes, exchange, points, multipliers and dupes (off_time if any).';
export const CUSTOM_NAME_INVALID = `The rules' name must be 1 to ${CUSTOM_NAME_MAX} characters.`;
export const CUSTOM_CABRILLO_NAME_INVALID = `The Cabrillo name must be 1 to ${CUSTOM_NAME_MAX} letters, digits or hyphens, e.g. CLUB-SPRINT.`;
export const customCabrilloNameTaken = (name: string): string => `${name} is the name of built-in rules: choose them in the Rules list, or give your rules another name.`;
export const CUSTOM_BANDS_INVALID = `Choose at least one band of ${CUSTOM_BANDS.join(', ')}.`;
export const CUSTOM_MODES_INVALID = 'Choose at least one mode: CW, PH (phone), FM, RY (RTTY) or DG (digital).';
export const CUSTOM_EXCHANGE_COUNT = `The exchange must have 1 to ${CUSTOM_MAX_EXCHANGE} fields.`;
export const CUSTOM_EXCHANGE_KIND_INVALID = 'Choose what this field holds.';
export const customExchangeKindTwice = (label: string): string => `The exchange already has a ${label} field: each kind once.`;
export const CUSTOM_EXCHANGE_LABEL_INVALID = `The field's label must be 1 to ${CUSTOM_LABEL_MAX} characters.`;
export const CUSTOM_POINTS_ROWS = `Give the points for every mode, or for each mode group (CW, phone, digital) of the contest: one row without bands each, rows for some bands before it, ${CUSTOM_MAX_POINTS_ROWS} rows at most.`;
export const CUSTOM_POINTS_MODES_INVALID = 'Points are for every mode (all) or one mode group: CW, PH or DG.';
export const customPointsModeMissing = (group: string): string => `The contest has ${group} modes: give their points too.`;
export const customPointsModeUnused = (group: string): string => `The contest has no ${group} mode: remove these points or add the mode.`;
export const CUSTOM_POINTS_INVALID = `Points must be whole numbers from 0 to ${CUSTOM_MAX_POINTS}.`;
export const CUSTOM_POINTS_BANDS_INVALID = "Choose at least one of the contest's bands for these points.";
export const customPointsBandsTaken = (bands: readonly string[]): string =>
  `An earlier row already gives the points on ${bands.join(', ')} (the first row that fits counts): leave ${bands.length > 1 ? 'them' : 'it'} out of this one.`;
export const customPointsBandsMissing = (bands: readonly string[], group: string | null): string =>
  `${group ? `${group} contacts` : 'Contacts'} on ${bands.join(', ')} get no points: add ${bands.length > 1 ? 'those bands' : 'that band'} to a row, or give a row without bands.`;
export const CUSTOM_MULTIPLIERS_INVALID = 'multipliers must be a list of {kind, per}.';
export const CUSTOM_MULTIPLIER_KIND_INVALID = 'Choose what multiplies: DXCC entities, CQ zones, ITU zones, states and provinces, WPX prefixes, grid fields or sections.';
export const customMultiplierTwice = (label: string): string => `${label} already multiply: each kind once.`;
export const customMultiplierNeedsField = (label: string, field: string): string => `${label} are read from the exchange: add a ${field} field to it.`;
export const CUSTOM_SCOPE_INVALID = 'Choose per band, per band and mode, or once per contest.';
export const CUSTOM_DUPES_INVALID = 'Dupes must be per band, per band and mode, or once per contest.';
export const CUSTOM_OFF_TIME_INVALID = 'off_time must be {max_hours, min_break_minutes}, or left out for no limit.';
export const CUSTOM_OFF_TIME_HOURS_INVALID = `Single operators' time on the air must be whole hours from 1 to ${CUSTOM_OFF_TIME_MAX_HOURS}.`;
export const CUSTOM_OFF_TIME_BREAK_INVALID = `The shortest off time must be whole minutes from 1 to ${CUSTOM_OFF_TIME_MAX_BREAK_MINUTES}.`;
