/** What the server says about an organiser's own rules (custom_rules), field by field. */
import { CUSTOM_BANDS, CUSTOM_LABEL_MAX, CUSTOM_MAX_EXCHANGE, CUSTOM_MAX_POINTS, CUSTOM_NAME_MAX } from './custom-rules-spec';

export const CUSTOM_RULES_REQUIRED = 'Custom rules need custom_rules: the exchange, points, multipliers, dupes, bands and modes.';
export const CUSTOM_RULES_NOT_OBJECT = 'custom_rules must be an object with name, cabrillo_name, bands, modes, exchange, points, multipliers and dupes.';
export const CUSTOM_NAME_INVALID = `The rules' name must be 1 to ${CUSTOM_NAME_MAX} characters.`;
export const CUSTOM_CABRILLO_NAME_INVALID = `The Cabrillo name must be 1 to ${CUSTOM_NAME_MAX} letters, digits or hyphens, e.g. CLUB-SPRINT.`;
export const customCabrilloNameTaken = (name: string): string => `${name} is the name of built-in rules: choose them in the Rules list, or give your rules another name.`;
export const CUSTOM_BANDS_INVALID = `Choose at least one band of ${CUSTOM_BANDS.join(', ')}.`;
export const CUSTOM_MODES_INVALID = 'Choose at least one mode: CW, PH (phone), FM, RY (RTTY) or DG (digital).';
export const CUSTOM_EXCHANGE_COUNT = `The exchange must have 1 to ${CUSTOM_MAX_EXCHANGE} fields.`;
export const CUSTOM_EXCHANGE_KIND_INVALID = 'Choose what this field holds.';
export const customExchangeKindTwice = (label: string): string => `The exchange already has a ${label} field: each kind once.`;
export const CUSTOM_EXCHANGE_LABEL_INVALID = `The field's label must be 1 to ${CUSTOM_LABEL_MAX} characters.`;
export const CUSTOM_POINTS_ROWS = 'Give the points once for every mode, or once for each mode group (CW, phone, digital) of the contest.';
export const CUSTOM_POINTS_MODES_INVALID = 'Points are for every mode (all) or one mode group: CW, PH or DG.';
export const customPointsModeMissing = (group: string): string => `The contest has ${group} modes: give their points too.`;
export const customPointsModeUnused = (group: string): string => `The contest has no ${group} mode: remove these points or add the mode.`;
export const CUSTOM_POINTS_INVALID = `Points must be whole numbers from 0 to ${CUSTOM_MAX_POINTS}.`;
export const CUSTOM_MULTIPLIERS_INVALID = 'multipliers must be a list of {kind, per}.';
export const CUSTOM_MULTIPLIER_KIND_INVALID = 'Choose what multiplies: DXCC entities, CQ zones, ITU zones, states and provinces, WPX prefixes, grid fields or sections.';
export const customMultiplierTwice = (label: string): string => `${label} already multiply: each kind once.`;
export const customMultiplierNeedsField = (label: string, field: string): string => `${label} are read from the exchange: add a ${field} field to it.`;
export const CUSTOM_SCOPE_INVALID = 'Choose per band, per band and mode, or once per contest.';
export const CUSTOM_DUPES_INVALID = 'Dupes must be per band, per band and mode, or once per contest.';
