/**
 * Callsign → DXCC entity, the way contest loggers use cty.dat:
 * 1. an exact call ('=' entry) for the whole call, slashes included, wins;
 * 2. /MM (maritime mobile) and /AM (aeronautical mobile) belong to no entity: dxcc 0;
 * 3. operating suffixes (/P, /M, /QRP, /A, /B, /LH, /J ...) are dropped; an exact call is tried again;
 *    but a Greek call with /A is Mount Athos (cty.dat's pseudo-prefix 'SV/a');
 * 4. a single digit after a slash changes only the call area: UA3ABC/9 is UA9ABC (Asiatic Russia);
 *    a US-issued call with a digit (KH6ABC/1, W1AW/4) is in that district of the USA;
 * 5. of two parts (KH6/W1AW, W1AW/KH6) the shorter, prefix-like part decides (the first on a tie);
 * 6. otherwise the longest matching prefix decides; KG4 is Guantanamo Bay only for a two-letter
 *    suffix (KG4AB), other KG4 calls being ordinary US calls (AD1C's rule for cty.dat users).
 */
import { dxccDatabase, type CallsignLocation, type DxccDatabase } from './database';

/** What resolveCallsign gives for /MM and /AM: no DXCC entity (store dxcc 0). */
export const NO_DXCC_ENTITY: Readonly<CallsignLocation> = Object.freeze({
  dxcc: 0,
  country: '',
  continent: '',
  cqZone: 0,
  ituZone: 0,
  lat: 0,
  lon: 0,
});

const NO_ENTITY_SUFFIXES = new Set(['MM', 'AM']);
/** Suffixes that say how, not where, a station operates. */
const OPERATING_SUFFIXES = new Set(['QRP', 'QRPP', 'QRO', 'LH', 'PM', 'AE', 'AG', 'KT', 'BCN', 'LGT', 'SOTA', 'IOTA', 'POTA', 'YOTA', 'JOTA']);
/** Single letters that are also ITU prefixes and so may stand for a country after a slash. */
const SINGLE_LETTER_PREFIXES = new Set(['F', 'G', 'I', 'K', 'W']);
/** Calls issued by the USA: K, N, W and AA to AL, whatever territory they belong to (KH6, KL7, KP4 ...). */
const US_ISSUED = /^([KNW]|A[A-L])[A-Z]?\d/;
const GREECE = 236;
const MOUNT_ATHOS_PREFIX = 'SV/a';

function isOperatingSuffix(part: string): boolean {
  if (OPERATING_SUFFIXES.has(part)) return true;
  if (part.length === 1) return /[A-Z]/.test(part) && !SINGLE_LETTER_PREFIXES.has(part);
  // No prefix is three or more letters without a digit: /WLK, /CAT, /TEST are not places.
  return part.length >= 3 && /^[A-Z]+$/.test(part);
}

/** Replaces the call-area digit (the last digit before the suffix letters): W1AW + 4 → W4AW. */
export function withCallArea(call: string, digit: string): string {
  const m = /^(.*)\d([A-Z]+)$/.exec(call);
  return m ? `${m[1]}${digit}${m[2]}` : call;
}

function longestPrefixMatch(db: DxccDatabase, text: string): CallsignLocation | null {
  for (let length = Math.min(text.length, db.longestPrefix); length > 0; length--) {
    const found = db.prefixes.get(text.slice(0, length));
    if (found) return found;
  }
  return null;
}

/** A call without slashes: its exact entry, else its longest prefix (with the KG4 rule). */
function resolveBaseCall(db: DxccDatabase, call: string): CallsignLocation | null {
  const exact = db.exactCalls.get(call);
  if (exact) return exact;
  if (/^KG4([A-Z]|[A-Z]{3})$/.test(call)) return longestPrefixMatch(db, `K4${call.slice(3)}`);
  return longestPrefixMatch(db, call);
}

function copy(location: CallsignLocation | null | undefined): CallsignLocation | null {
  return location ? { ...location } : null;
}

/** Upper-cased, trimmed callsign of letters, digits and '/', or null. */
export function normaliseCallsign(input: string): string | null {
  if (typeof input !== 'string') return null;
  const call = input.trim().toUpperCase();
  return /^[A-Z0-9/]+$/.test(call) && /[A-Z0-9]/.test(call) ? call : null;
}

/** resolveCallsign against a given database (tests build one from a sample cty.dat). */
export function resolveCallsignIn(db: DxccDatabase, input: string): CallsignLocation | null {
  const call = normaliseCallsign(input);
  if (call === null) return null;
  const exact = db.exactCalls.get(call);
  if (exact) return copy(exact);

  const [first, ...rest] = call.split('/').filter((part) => part !== '');
  if (first === undefined) return null;
  if (rest.some((part) => NO_ENTITY_SUFFIXES.has(part))) return { ...NO_DXCC_ENTITY };
  const parts = [first, ...rest.filter((part) => !isOperatingSuffix(part))];
  const areaDigit = parts.length > 1 && /^\d$/.test(parts.at(-1)!) ? parts.pop() : undefined;

  if (parts.length === 1) {
    if (areaDigit !== undefined) {
      const moved = US_ISSUED.test(first) ? `W${areaDigit}${first.replace(/^.*\d/, '')}` : withCallArea(first, areaDigit);
      return copy(longestPrefixMatch(db, moved));
    }
    const base = resolveBaseCall(db, first);
    if (rest.includes('A') && base?.dxcc === GREECE) return copy(db.entityByPrimaryPrefix.get(MOUNT_ATHOS_PREFIX) ?? base);
    return copy(base);
  }

  // Two or more parts: the shortest part is the prefix (the first one on a tie), the longest the call.
  const byLength = parts.map((part, index) => ({ part, index })).sort((a, b) => a.part.length - b.part.length || a.index - b.index);
  const prefixPart = byLength[0]!.part;
  const callPart = byLength.at(-1)!.part;
  return copy(longestPrefixMatch(db, prefixPart) ?? resolveBaseCall(db, callPart));
}

export function resolveCallsign(input: string): CallsignLocation | null {
  return resolveCallsignIn(dxccDatabase(), input);
}
