/**
 * Raw AAC in ADTS frames: every frame starts with a 12-bit sync word and a layer of 00, and says
 * its own length, so the next frame's place is known. Walked to the end of the file.
 */

const MIN_FRAMES = 2;

/** The frame's length from the header at `at`, or null when it is not a valid ADTS header. */
export function adtsFrameLength(bytes: Uint8Array, at: number): number | null {
  if (at + 7 > bytes.length) return null;
  const [b0, b1, b2, b3, b4, b5] = bytes.subarray(at, at + 6);
  if (b0 !== 0xff || (b1! & 0xf6) !== 0xf0) return null;
  const sampleRateIndex = (b2! >> 2) & 0x0f;
  if (sampleRateIndex > 12) return null;
  const headerLength = (b1! & 1) === 1 ? 7 : 9; // protection absent: no CRC
  const length = ((b3! & 0x03) << 11) | (b4! << 3) | (b5! >> 5);
  return length > headerLength ? length : null;
}

export function isAdtsAudio(bytes: Uint8Array): boolean {
  let at = 0;
  let frames = 0;
  while (at < bytes.length) {
    const length = adtsFrameLength(bytes, at);
    if (length === null) return false;
    if (at + length > bytes.length) return frames >= MIN_FRAMES; // the last frame, cut short
    frames += 1;
    at += length;
  }
  return frames >= MIN_FRAMES;
}
