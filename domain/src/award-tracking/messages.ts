/** The award tracker's refusals. */
export const AWARD_PROGRESS_NOT_FOUND = 'There is no such award. Awards: DXCC, WAS, WAC, WAZ, ITU, WPX, IOTA, POTA, POTA_ACT, SOTA, WWFF, VUCC, GRIDS.';
export const AWARD_PROGRESS_PRIVATE = 'This station does not show its award progress.';
export const AWARD_SOURCES_INVALID = 'sources must name services from lotw, qrz, clublog, eqsl and paper, separated by commas.';
export const AWARD_MODE_INVALID = 'mode must be CW, PHONE or DATA (or empty for every mode).';
export const AWARD_STATUS_INVALID = 'status must be worked, confirmed or needed (or empty for every value).';
export const AWARD_PAGING_INVALID = 'offset must be a whole number from 0, and limit from 1 to 500.';
export const AWARD_BAND_INVALID = 'band must be one of the award’s bands.';
