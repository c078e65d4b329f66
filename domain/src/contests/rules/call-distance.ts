/**
 * Whether two calls are one slip apart: one character substituted, inserted or deleted, or two
 * neighbours swapped (W1AW → W1AX, W1AAW, W1W, W1WA). The cross-check (cross-check.ts) takes such
 * a call for a miscopy of the other; two slips are too far to guess which station was meant.
 * Linear in the calls' length: it runs for every unmatched contact of a 1,000,000-QSO contest.
 */
export function isNearMiss(a: string, b: string): boolean {
  if (a === b) return false;
  if (a.length === b.length) return oneSubstitutionOrSwap(a, b);
  const [shorter, longer] = a.length < b.length ? [a, b] : [b, a];
  if (longer.length - shorter.length !== 1) return false;
  let same = 0;
  while (same < shorter.length && shorter[same] === longer[same]) same++;
  return shorter.slice(same) === longer.slice(same + 1);
}

/** Two different calls of one length: one position differs, or two neighbouring positions are swapped. */
function oneSubstitutionOrSwap(a: string, b: string): boolean {
  const differ: number[] = [];
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i] && differ.push(i) > 2) return false;
  }
  if (differ.length === 1) return true;
  const [first, second] = differ as [number, number];
  return second === first + 1 && a[first] === b[second] && a[second] === b[first];
}
