/**
 * Callsign → DXCC entity, the way contest loggers use cty.dat:
 * 1. an exact call ('=' entry) for the whole call, slashes included, wins;
 * 2. /MM (maritime mobile) and /AM (aeronautical mobile) belong to no entity: dxcc 0;
 * 3. operating suffixes (/P, /M, /QRP, /A, /B, /LH, /J ...) are dropped; an exact call is tried again;
 * 4. a single digit after a slash (W1AW/4) changes only the call area: W4AW;
 * 5. of two parts (KH6/W1AW, W1AW/KH6) the shorter, prefix-like part decides (the first on a tie);
 * 6. otherwise the longest matching prefix decides.
 */
import { dxccDatabase, type CallsignLocation } from './database';

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

function longestPrefixMatch(text: string): CallsignLocation | null {
  const { prefixes, longestPrefix } = dxccDatabase();
  for (let length = Math.min(text.length, longestPrefix); length > 0; length--) {
    const found = prefixes.get(text.slice(0, length));
    if (found) return found;
  }
  return null;
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

export function resolveCallsign(input: string): CallsignLocation | null {
  const call = normaliseCallsign(input);
  if (call === null) return null;
  const { exactCalls } = dxccDatabase();
  const exact = exactCalls.get(call);
  if (exact) return copy(exact);

  const [first, ...rest] = call.split('/').filter((part) => part !== '');
  if (first === undefined) return null;
  if (rest.some((part) => NO_ENTITY_SUFFIXES.has(part))) return { ...NO_DXCC_ENTITY };
  const parts = [first, ...rest.filter((part) => !isOperatingSuffix(part))];
  const areaDigit = parts.length > 1 && /^\d$/.test(parts.at(-1)!) ? parts.pop() : undefined;

  if (parts.length === 1) {
    if (areaDigit !== undefined) return copy(longestPrefixMatch(withCallArea(first, areaDigit)));
    if (first !== call) {
      const exactBase = exactCalls.get(first);
      if (exactBase) return copy(exactBase);
    }
    return copy(longestPrefixMatch(first));
  }

  // Two or more parts: the shortest part is the prefix (the first one on a tie), the longest the call.
  const byLength = parts.map((part, index) => ({ part, index })).sort((a, b) => a.part.length - b.part.length || a.index - b.index);
  const prefixPart = byLength[0]!.part;
  const callPart = byLength.at(-1)!.part;
  return copy(longestPrefixMatch(prefixPart) ?? longestPrefixMatch(callPart));
}
