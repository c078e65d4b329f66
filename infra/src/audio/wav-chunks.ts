/**
 * WAV: a RIFF container of type WAVE whose size is the file's, holding chunks that tile it
 * exactly, among them a 'fmt ' chunk that describes PCM-like audio and, after it, a 'data' chunk.
 */

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
const u32 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset + at, 4).getUint32(0, true);
const u16 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset + at, 2).getUint16(0, true);

function isFmtChunk(bytes: Uint8Array, at: number, size: number): boolean {
  if (size < 16) return false;
  const format = u16(bytes, at);
  const channels = u16(bytes, at + 2);
  const sampleRate = u32(bytes, at + 4);
  const blockAlign = u16(bytes, at + 12);
  return format !== 0 && channels >= 1 && channels <= 16 && sampleRate >= 1000 && sampleRate <= 384_000 && blockAlign >= 1;
}

export function isWavAudio(bytes: Uint8Array): boolean {
  if (bytes.length < 12 || ascii(bytes, 0) !== 'RIFF' || ascii(bytes, 8) !== 'WAVE') return false;
  const end = 8 + u32(bytes, 4);
  // The RIFF size is the file's; one pad byte after it is tolerated.
  if (end !== bytes.length && end + 1 !== bytes.length) return false;
  let at = 12;
  let fmt = false;
  let data = false;
  while (at < end) {
    if (at + 8 > end) return false;
    const id = ascii(bytes, at);
    if (!/^[\x20-\x7e]{4}$/.test(id)) return false;
    const size = u32(bytes, at + 4);
    const body = at + 8;
    if (body + size > end) return false;
    if (id === 'fmt ') {
      if (fmt || !isFmtChunk(bytes, body, size)) return false;
      fmt = true;
    } else if (id === 'data') {
      if (!fmt || data) return false;
      data = true;
    }
    at = body + size + (size % 2); // chunks are padded to an even length
  }
  return fmt && data && at <= end + 1;
}
