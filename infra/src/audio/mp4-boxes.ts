/**
 * M4A (MP4 audio): 'ftyp' first, then top-level boxes that tile the file exactly, their types
 * four printable characters, a 'moov' (the description of the tracks) among them.
 */

const u32 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset + at, 4).getUint32(0);
const boxType = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

/** The top-level box types, in order, or null when the boxes do not tile the file. */
export function topLevelBoxes(bytes: Uint8Array): string[] | null {
  const types: string[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) return null;
    const type = boxType(bytes, at + 4);
    if (!/^[\x20-\x7e]{4}$/.test(type)) return null;
    let size = u32(bytes, at);
    if (size === 1) {
      if (at + 16 > bytes.length) return null;
      const large = new DataView(bytes.buffer, bytes.byteOffset + at + 8, 8).getBigUint64(0);
      if (large > BigInt(bytes.length - at)) return null;
      size = Number(large);
      if (size < 16) return null;
    } else if (size === 0) {
      size = bytes.length - at; // the last box runs to the end of the file
    } else if (size < 8) {
      return null;
    }
    if (at + size > bytes.length) return null;
    types.push(type);
    at += size;
  }
  return types;
}

export function isMp4Audio(bytes: Uint8Array): boolean {
  const types = topLevelBoxes(bytes);
  return types !== null && types[0] === 'ftyp' && types.includes('moov');
}
