/**
 * The API's kHz and the logger's MHz text, through the domain's exact integer-Hz arithmetic
 * ('@hamlog/domain/frequency'). What the screens add: empty text for a missing value, and the
 * Freq field's shorter MHz.
 */
import { formatMhz, hzToKhz, parseKhzToHz, parseMhzToHz } from '@hamlog/domain/frequency';

type ApiKhz = number | string | null | undefined;

/** kHz as MHz with 6 decimals, as the logbook shows it: 14074 → '14.074000'; '' when missing or invalid. */
export function khzToMhz(khz: ApiKhz): string {
  const hz = khz === null || khz === undefined ? null : parseKhzToHz(khz);
  return hz === null ? '' : formatMhz(hz);
}

/** kHz as MHz for the Freq field: 3 decimals or more, no trailing zeros past them: 14074 → '14.074'. */
export function khzToMhzInput(khz: ApiKhz): string {
  return khzToMhz(khz).replace(/(\.\d{3}\d*?)0+$/, '$1');
}

/** The Freq field's MHz text as the API's kHz number, exact to the Hz; null when it is no frequency. */
export function mhzToKhz(mhz: string): number | null {
  const hz = parseMhzToHz(mhz);
  return hz === null ? null : hzToKhz(hz);
}
