/** Small, structurally valid recordings for tests (silence; players may not play them, parsers accept them). */

const text = (s: string) => Buffer.from(s, 'latin1');
const u32le = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const u32be = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** MPEG-1 Layer III, 128 kbit/s, 44.1 kHz: 417-byte frames. */
export const MP3_FRAME_LENGTH = 417;

export function mp3Sample(frames = 3, { id3 = true } = {}): Buffer {
  const frame = Buffer.alloc(MP3_FRAME_LENGTH);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  const tag = Buffer.concat([text('ID3\x04\x00\x00'), Buffer.from([0, 0, 0, 10]), Buffer.alloc(10)]);
  return Buffer.concat([...(id3 ? [tag] : []), ...Array.from({ length: frames }, () => frame)]);
}

/** 16-bit mono PCM at 8 kHz. */
export function wavSample(samples = 800): Buffer {
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0); // PCM
  fmt.writeUInt16LE(1, 2);
  fmt.writeUInt32LE(8000, 4);
  fmt.writeUInt32LE(16000, 8);
  fmt.writeUInt16LE(2, 12);
  fmt.writeUInt16LE(16, 14);
  const data = Buffer.alloc(samples * 2);
  const body = Buffer.concat([text('WAVE'), text('fmt '), u32le(16), fmt, text('data'), u32le(data.length), data]);
  return Buffer.concat([text('RIFF'), u32le(body.length), body]);
}

function oggPage(flags: number, sequence: number, payload: Buffer): Buffer {
  const header = Buffer.alloc(27);
  header.write('OggS', 0, 'latin1');
  header[4] = 0;
  header[5] = flags;
  header.writeUInt32LE(1234, 14); // serial
  header.writeUInt32LE(sequence, 18);
  const segments: number[] = [];
  let left = payload.length;
  do {
    segments.push(Math.min(255, left));
    left -= 255;
  } while (left >= 0);
  header[26] = segments.length;
  return Buffer.concat([header, Buffer.from(segments), payload]);
}

export function oggSample(pages = 3): Buffer {
  return Buffer.concat(
    Array.from({ length: pages }, (_, i) => oggPage(i === 0 ? 0x02 : i === pages - 1 ? 0x04 : 0, i, Buffer.alloc(i === 0 ? 30 : 300, i))),
  );
}

export function mp4Box(type: string, body: Buffer): Buffer {
  return Buffer.concat([u32be(8 + body.length), text(type), body]);
}

export function m4aSample(): Buffer {
  const ftyp = mp4Box('ftyp', Buffer.concat([text('M4A '), u32be(0), text('M4A isommp42')]));
  return Buffer.concat([ftyp, mp4Box('moov', mp4Box('mvhd', Buffer.alloc(100))), mp4Box('mdat', Buffer.alloc(500))]);
}

/** AAC-LC, 44.1 kHz, stereo, no CRC. */
export function adtsSample(frames = 3, frameLength = 200): Buffer {
  const frame = Buffer.alloc(frameLength);
  frame.set([0xff, 0xf1, 0x50, 0x80 | ((frameLength >> 11) & 0x03), (frameLength >> 3) & 0xff, ((frameLength & 0x07) << 5) | 0x1f, 0xfc]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}
