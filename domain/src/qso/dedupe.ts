/**
 * The duplicate rule loggers share: the same station working the same call in the same UTC minute
 * on the same band and mode is the same contact. A contact's id is derived from that key, so a
 * resend after a network error lands on the same QSO stream instead of creating a second QSO.
 */
import { sha256Bytes } from '../sha256';
import type { QsoFields } from './fields';

/** station user id | CALL | UTC minute | band | MODE */
export function dedupeKey(stationUserId: string, fields: Pick<QsoFields, 'call' | 'ts' | 'band' | 'mode'>): string {
  const minute = new Date(fields.ts).toISOString().slice(0, 16);
  return [stationUserId, fields.call.trim().toUpperCase(), minute, fields.band.toLowerCase(), fields.mode.toUpperCase()].join('|');
}

/**
 * A deterministic UUID (version 5 layout, from SHA-256 of `${key}#${attempt}`). Attempt 0 is the
 * contact's usual id; a caller whose id is taken by a different contact (QsoIdTakenError) tries
 * attempt + 1.
 */
export function qsoIdFor(key: string, attempt: number): string {
  const bytes = sha256Bytes(`${key}#${attempt}`).slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
