/**
 * The duplicate rule loggers share: the same station working the same call in the same UTC minute
 * on the same band and mode is the same contact. A contact's id is derived from that key, so a
 * resend after a network error lands on the same QSO stream instead of creating a second QSO.
 */
import { sha256Bytes } from '../sha256';
import type { QsoFields } from './fields';

/** The stored form of a time, '2025-01-31T12:34:56Z': its minute is its first 16 characters. */
const CANONICAL_TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** station user id | CALL | UTC minute | band | MODE */
export function dedupeKey(stationUserId: string, fields: Pick<QsoFields, 'call' | 'ts' | 'band' | 'mode'>): string {
  const minute = CANONICAL_TS.test(fields.ts) ? fields.ts.slice(0, 16) : new Date(fields.ts).toISOString().slice(0, 16);
  return [stationUserId, fields.call.trim().toUpperCase(), minute, fields.band.toLowerCase(), fields.mode.toUpperCase()].join('|');
}

/** SHA-256 of a text's UTF-8 bytes; a server may pass its native one (the same digest, several times faster). */
export type Sha256 = (text: string) => Uint8Array;

/**
 * A deterministic UUID (version 5 layout, from SHA-256 of `${key}#${attempt}`). Attempt 0 is the
 * contact's usual id; a caller whose id is taken by a different contact (QsoIdTakenError) tries
 * attempt + 1.
 */
export function qsoIdFor(key: string, attempt: number, sha256: Sha256 = sha256Bytes): string {
  return uuidFromDigest(sha256(`${key}#${attempt}`));
}

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** The first 16 bytes of a digest as a UUID of version 5 layout. */
export function uuidFromDigest(digest: Uint8Array): string {
  let id = '';
  for (let i = 0; i < 16; i += 1) {
    const b = i === 6 ? (digest[i]! & 0x0f) | 0x50 : i === 8 ? (digest[i]! & 0x3f) | 0x80 : digest[i]!;
    id += i === 4 || i === 6 || i === 8 || i === 10 ? `-${HEX[b]}` : HEX[b];
  }
  return id;
}
