/**
 * OGG (Vorbis, Opus, FLAC in OGG): pages back to back to the end of the file, each starting with
 * the 'OggS' capture pattern and stream structure version 0, its length given by its segment
 * table; the first page begins a stream.
 */

const CAPTURE = [0x4f, 0x67, 0x67, 0x53];
const HEADER_LENGTH = 27;
const BEGINS_STREAM = 0x02;
const MIN_PAGES = 2;

/** The page's whole length from its header at `at`, or null when no valid page starts there. */
export function oggPageLength(bytes: Uint8Array, at: number): number | null {
  if (at + HEADER_LENGTH > bytes.length || CAPTURE.some((b, i) => bytes[at + i] !== b)) return null;
  if (bytes[at + 4] !== 0 || (bytes[at + 5]! & ~0x07) !== 0) return null;
  const segments = bytes[at + 26]!;
  if (at + HEADER_LENGTH + segments > bytes.length) return null;
  let body = 0;
  for (let i = 0; i < segments; i += 1) body += bytes[at + HEADER_LENGTH + i]!;
  return HEADER_LENGTH + segments + body;
}

export function isOggAudio(bytes: Uint8Array): boolean {
  if (bytes.length < HEADER_LENGTH || (bytes[5]! & BEGINS_STREAM) === 0) return false;
  let at = 0;
  let pages = 0;
  while (at < bytes.length) {
    const length = oggPageLength(bytes, at);
    if (length === null || at + length > bytes.length) return false;
    pages += 1;
    at += length;
  }
  return pages >= MIN_PAGES;
}
