/**
 * MPEG audio (MP3): an optional ID3v2 tag, then MPEG audio frames back to back, each header
 * telling the next one's place. A file whose first bytes only look like MP3 (an HTML page after
 * "ID3" or after one frame header) is refused, because its second frame is not where the first says.
 */

const BITRATES_KBPS: Record<string, number[]> = {
  'v1-l1': [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  'v1-l2': [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  'v1-l3': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  'v2-l1': [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  'v2-l23': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
/** Indexed by the version bits (00 = MPEG 2.5, 10 = MPEG 2, 11 = MPEG 1). */
const SAMPLE_RATES: Record<number, number[]> = { 0: [11025, 12000, 8000], 2: [22050, 24000, 16000], 3: [44100, 48000, 32000] };

/** The whole frame's length in bytes from the header at `at`, or null when it is not a valid header. */
export function mpegFrameLength(bytes: Uint8Array, at: number): number | null {
  if (at + 4 > bytes.length) return null;
  const [b0, b1, b2] = [bytes[at]!, bytes[at + 1]!, bytes[at + 2]!];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3;
  const layer = (b1 >> 1) & 3; // 3 = Layer I, 2 = Layer II, 1 = Layer III
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (version === 1 || layer === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const v1 = version === 3;
  const table = v1 ? `v1-l${4 - layer}` : layer === 3 ? 'v2-l1' : 'v2-l23';
  const bitrate = BITRATES_KBPS[table]![bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
  const padding = (b2 >> 1) & 1;
  if (layer === 3) return (Math.floor((12 * bitrate) / sampleRate) + padding) * 4;
  const samplesPerFrame = layer === 1 && !v1 ? 576 : 1152;
  return Math.floor(((samplesPerFrame / 8) * bitrate) / sampleRate) + padding;
}

/** Where the audio starts: after the ID3v2 tags at the start, if any. */
export function afterId3Tags(bytes: Uint8Array): number {
  let at = 0;
  while (at + 10 <= bytes.length && bytes[at] === 0x49 && bytes[at + 1] === 0x44 && bytes[at + 2] === 0x33) {
    const sizeBytes = bytes.subarray(at + 6, at + 10);
    if (sizeBytes.some((b) => b & 0x80)) return -1; // a tag size is "syncsafe": 7 bits per byte
    const size = sizeBytes.reduce((n, b) => (n << 7) | b, 0);
    const footer = (bytes[at + 5]! & 0x10) !== 0 ? 10 : 0;
    at += 10 + size + footer;
  }
  return at;
}

/** Fewer frames than this is not a recording. */
const MIN_FRAMES = 2;
const ID3V1_LENGTH = 128;

/**
 * Frames from the end of the tags to the end of the file. Allowed after them: an ID3v1 tag (128
 * bytes starting "TAG") and a last frame cut short (a recording stopped mid-frame).
 */
export function isMpegAudio(bytes: Uint8Array): boolean {
  let at = afterId3Tags(bytes);
  if (at < 0) return false;
  let frames = 0;
  while (at < bytes.length) {
    const length = mpegFrameLength(bytes, at);
    if (length === null) {
      const rest = bytes.length - at;
      const id3v1 = rest === ID3V1_LENGTH && bytes[at] === 0x54 && bytes[at + 1] === 0x41 && bytes[at + 2] === 0x47;
      return id3v1 && frames >= MIN_FRAMES;
    }
    if (at + length > bytes.length) return frames >= MIN_FRAMES; // the last frame, cut short
    frames += 1;
    at += length;
  }
  return frames >= MIN_FRAMES;
}
