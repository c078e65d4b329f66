/** Byte-level helpers of the ADIF reader: classes of bytes, text from bytes, line feeds. */

const utf8Loose = new TextDecoder('utf-8', { ignoreBOM: true });
const utf8Fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const latin1 = new TextDecoder('windows-1252');

/** For each byte: 1 may start a field name (letters, '_'), 2 may follow (also digits, '-'), 0 neither. */
export const NAME_CLASS = new Uint8Array(256);
/** For each byte: c | 0x20 for the bytes of names (case folded), 0 for others. */
export const NAME_FOLD = new Uint8Array(256);
/** For each byte: 1 when a value holding it cannot take the fast path ('<', bytes >= 0x80). */
export const ODD_IN_VALUE = new Uint8Array(256);
for (let c = 0; c < 256; c++) {
  const start = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  NAME_CLASS[c] = start ? 1 : (c >= 48 && c <= 57) || c === 45 ? 2 : 0;
  NAME_FOLD[c] = NAME_CLASS[c] !== 0 ? c | 0x20 : 0;
  ODD_IN_VALUE[c] = c === 0x3c || c >= 0x80 ? 1 : 0;
}

/** One-character strings of the ASCII bytes. */
const CHARS: string[] = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c));

export function isSpace(c: number | undefined): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 11;
}

/** Whether [a, b) holds a byte >= 0x80. */
function hasHighByte(buf: Uint8Array, a: number, b: number): boolean {
  for (let k = a; k < b; k++) if (buf[k]! >= 0x80) return true;
  return false;
}

/** Two-character strings of pairs of ASCII bytes (c1 << 7 | c2), made when first met. */
const PAIRS: (string | undefined)[] = new Array<string | undefined>(128 * 128).fill(undefined);

/** The text of the ASCII bytes [a, a + length), length 1 or 2: from tables, nothing to make or look up. */
export function tinyText(buf: Uint8Array, a: number, length: number): string {
  if (length === 1) return CHARS[buf[a]!]!;
  const pair = (buf[a]! << 7) | buf[a + 1]!;
  return (PAIRS[pair] ??= CHARS[buf[a]!]! + CHARS[buf[a + 1]!]!);
}

/** The text of the ASCII bytes [a, b). */
export function asciiText(buf: Uint8Array, a: number, b: number): string {
  // Up to 12 characters V8 copies a concatenation into a flat string; longer ones would be
  // ConsString chains.
  if (b - a <= 12) {
    let text = '';
    for (let k = a; k < b; k++) text += CHARS[buf[k]!]!;
    return text;
  }
  return utf8Loose.decode(buf.subarray(a, b));
}

/** The text of [a, b): UTF-8 when valid, else windows-1252 (how browsers read ISO-8859-1). */
export function decodeText(buf: Uint8Array, a: number, b: number): string {
  if (!hasHighByte(buf, a, b)) return asciiText(buf, a, b);
  const bytes = buf.subarray(a, b);
  try {
    return utf8Fatal.decode(bytes);
  } catch {
    return latin1.decode(bytes);
  }
}

/** Length of a valid UTF-8 sequence at i (1 for ASCII or an invalid byte), within n. */
export function utf8SequenceLength(buf: Uint8Array, i: number, n: number): number {
  const b = buf[i]!;
  if (b < 0xc2 || b > 0xf4) return 1;
  const need = b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
  if (i + need > n) return 1;
  const b1 = buf[i + 1]!;
  if ((b1 & 0xc0) !== 0x80) return 1;
  if (need === 3) {
    if ((b === 0xe0 && b1 < 0xa0) || (b === 0xed && b1 > 0x9f)) return 1;
  } else if (need === 4) {
    if ((b === 0xf0 && b1 < 0x90) || (b === 0xf4 && b1 > 0x8f)) return 1;
  }
  for (let k = 2; k < need; k++) if ((buf[i + k]! & 0xc0) !== 0x80) return 1;
  return need;
}

/** The whole 4-byte words of buf, as a Uint32Array, and the index in buf of the first one. */
export function wordsOf(buf: Uint8Array): { words: Uint32Array; base: number } {
  const base = (4 - (buf.byteOffset & 3)) & 3;
  if (buf.length < base + 4) return { words: new Uint32Array(0), base };
  return { words: new Uint32Array(buf.buffer, buf.byteOffset + base, (buf.length - base) >>> 2), base };
}

/** 1 in each byte of the result whose byte in `word` is a line feed, else 0. */
function lineFeedsIn(word: number): number {
  const x = word ^ 0x0a0a0a0a;
  // The high bit of each zero byte of x, exactly: no carry crosses from one byte to the next.
  return (~(((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x) & 0x80808080) >>> 7;
}

/** How many line feeds [a, b) of buf holds; `words` and `base` from wordsOf(buf). */
export function countLineFeeds(buf: Uint8Array, words: Uint32Array, base: number, a: number, b: number): number {
  let count = 0;
  let i = a;
  if (b - a >= 16) {
    while (((i - base) & 3) !== 0) if (buf[i++] === 10) count++;
    const end = (b - base) >>> 2;
    let w = (i - base) >>> 2;
    while (w < end) {
      // Four counters of a byte each (one per byte of a word), added up before they overflow.
      const stop = Math.min(end, w + 254);
      let lanes = 0;
      for (; w + 1 < stop; w += 2) lanes = (lanes + (lineFeedsIn(words[w]!) + lineFeedsIn(words[w + 1]!))) | 0;
      if (w < stop) lanes = (lanes + lineFeedsIn(words[w++]!)) | 0;
      count += (lanes & 0xff) + ((lanes >>> 8) & 0xff) + ((lanes >>> 16) & 0xff) + (lanes >>> 24);
    }
    i = base + (w << 2);
  }
  for (; i < b; i++) if (buf[i] === 10) count++;
  return count;
}
