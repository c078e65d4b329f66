/** Portable suffixes that say how the station operates, not where: dropped (besides any single letter). */
const OPERATING_SUFFIXES = new Set(['P', 'M', 'MM', 'AM', 'QRP', 'QRPP']);

/**
 * A callsign's prefix by the CQ WPX Contest rules (the same rules the CQ WPX award uses):
 *
 * 1. The prefix is the call up to and including its last digit: N8BJQ → N8, LY1000X → LY1000, 3DA0RU → 3DA0.
 * 2. A call with no digit gets a zero after its first two letters: RAEM → RA0.
 * 3. Portable forms: operating suffixes (/P, /M, /MM, /AM, /QRP, /QRPP, any single letter) are dropped;
 *    a designator of digits replaces the prefix's last digits (N8BJQ/2 → N2); any other designator is the
 *    prefix, by rules 1 and 2 (N8BJQ/KH6 → KH6, F/ON4XX → F0).
 *
 * The input is trimmed and upper-cased; anything but letters, digits and '/', or with no letter, is null.
 */
export function wpxPrefix(call: string): string | null {
  const text = call.trim().toUpperCase();
  if (!/^[A-Z0-9/]+$/.test(text) || !/[A-Z]/.test(text)) return null;

  const parts = text.split('/').filter((part) => part !== '');
  const areas = parts.filter((part) => /^\d+$/.test(part));
  const calls = parts.filter(
    (part, index) => /[A-Z]/.test(part) && !(index > 0 && (part.length === 1 || OPERATING_SUFFIXES.has(part))),
  );
  const base = designatorOrCall(calls);
  if (base === undefined) return null;

  const prefix = prefixOf(base);
  const area = areas.at(-1);
  return area === undefined ? prefix : prefix.replace(/\d+$/, area);
}

/**
 * The part whose prefix counts: the call itself, or the designator next to it. A part with no digit cannot be a
 * home call, so it is the designator; otherwise the shorter part is, the first on a tie.
 */
function designatorOrCall(parts: readonly string[]): string | undefined {
  const couldBeCall = (part: string) => (/\d/.test(part) ? 1 : 0);
  return [...parts].sort((a, b) => couldBeCall(a) - couldBeCall(b) || a.length - b.length)[0];
}

/** Rules 1 and 2 on a single call or designator, which has at least one letter. */
function prefixOf(part: string): string {
  const lastDigit = part.search(/\d[^\d]*$/);
  return lastDigit === -1 ? `${part.slice(0, 2)}0` : part.slice(0, lastDigit + 1);
}
