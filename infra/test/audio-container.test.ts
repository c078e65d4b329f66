import { describe, expect, it } from 'vitest';
import { sniffAudio } from '@hamlog/domain';
import { isAdtsAudio } from '../src/audio/adts-frames';
import { isWellFormedAudio } from '../src/audio/audio-container';
import { isMp4Audio } from '../src/audio/mp4-boxes';
import { isMpegAudio, mpegFrameLength } from '../src/audio/mpeg-frames';
import { isOggAudio } from '../src/audio/ogg-pages';
import { isWavAudio } from '../src/audio/wav-chunks';
import { adtsSample, m4aSample, mp3Sample, mp4Box, oggSample, wavSample } from '../src/testing/audio-samples';

const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'.repeat(20), 'latin1');
const checked = (bytes: Buffer) => {
  const sniffed = sniffAudio(bytes);
  return sniffed !== null && isWellFormedAudio(sniffed, bytes);
};

describe('recordings are checked by walking their container', () => {
  it('accepts well-formed files of every format, each by its own parser', () => {
    const samples = { mp3: mp3Sample(), mp3NoTag: mp3Sample(3, { id3: false }), wav: wavSample(), ogg: oggSample(), m4a: m4aSample(), aac: adtsSample() };
    for (const [name, bytes] of Object.entries(samples)) expect(checked(bytes), name).toBe(true);
    expect(isMpegAudio(samples.mp3)).toBe(true);
    expect(isWavAudio(samples.wav)).toBe(true);
    expect(isOggAudio(samples.ogg)).toBe(true);
    expect(isMp4Audio(samples.m4a)).toBe(true);
    expect(isAdtsAudio(samples.aac)).toBe(true);
  });

  it('MP3: reads frame lengths from the header, and tolerates an ID3v1 tag and a cut last frame', () => {
    expect(mpegFrameLength(Buffer.from([0xff, 0xfb, 0x90, 0x64]), 0)).toBe(417);
    expect(mpegFrameLength(Buffer.from([0xff, 0xfb, 0x92, 0x64]), 0)).toBe(418); // padded
    expect(mpegFrameLength(Buffer.from([0xff, 0xfb, 0xf0, 0x64]), 0)).toBeNull(); // bitrate index 15
    expect(mpegFrameLength(Buffer.from([0xff, 0xfb, 0x9c, 0x64]), 0)).toBeNull(); // sample rate 'reserved'
    const id3v1 = Buffer.concat([Buffer.from('TAG', 'latin1'), Buffer.alloc(125)]);
    expect(isMpegAudio(Buffer.concat([mp3Sample(), id3v1]))).toBe(true);
    expect(isMpegAudio(mp3Sample(3).subarray(0, -100))).toBe(true);
    expect(isMpegAudio(mp3Sample(1))).toBe(false); // one frame is not a recording
  });

  it('refuses polyglots: HTML behind an MP3 tag, a frame header, or appended to real frames', () => {
    const tag = mp3Sample(0);
    expect(checked(Buffer.concat([tag, HTML]))).toBe(false);
    expect(checked(Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), HTML]))).toBe(false);
    expect(checked(Buffer.concat([mp3Sample(), HTML]))).toBe(false);
    expect(checked(Buffer.concat([mp3Sample(3).subarray(0, 10 + 20 + 417), HTML, mp3Sample(2, { id3: false })]))).toBe(false);
  });

  it('WAV: needs fmt then data chunks whose sizes tile the RIFF size, which is the file size', () => {
    const wav = wavSample();
    expect(checked(Buffer.concat([wav, HTML]))).toBe(false); // appended
    const lying = Buffer.from(wav);
    lying.writeUInt32LE(wav.length * 2, 4);
    expect(checked(lying)).toBe(false);
    const badChunk = Buffer.from(wav);
    badChunk.writeUInt32LE(wav.length, 40); // data chunk longer than the file
    expect(checked(badChunk)).toBe(false);
    const noFmt = Buffer.from(wav);
    noFmt.write('junk', 12, 'latin1');
    expect(checked(noFmt)).toBe(false);
    const header = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.from([0xff, 0, 0, 0]), Buffer.from('WAVE', 'latin1')]);
    expect(checked(Buffer.concat([header, HTML]))).toBe(false);
  });

  it('OGG: pages with the capture pattern and version 0, walked to the end', () => {
    const ogg = oggSample(4);
    expect(checked(Buffer.concat([ogg, HTML]))).toBe(false);
    expect(checked(Buffer.concat([ogg.subarray(0, 27 + 1 + 30), HTML]))).toBe(false);
    const version1 = Buffer.from(ogg);
    version1[4] = 1;
    expect(checked(version1)).toBe(false);
    expect(checked(oggSample(4).subarray(0, -5))).toBe(false); // last page cut short
    expect(checked(Buffer.concat([Buffer.from('OggS', 'latin1'), HTML]))).toBe(false);
  });

  it('M4A: ftyp first, boxes tiling the file, a moov among them', () => {
    const m4a = m4aSample();
    expect(checked(Buffer.concat([m4a, HTML]))).toBe(false);
    const ftyp = m4a.subarray(0, m4a.readUInt32BE(0));
    expect(checked(Buffer.concat([ftyp, mp4Box('mdat', Buffer.alloc(50))]))).toBe(false); // no moov
    expect(checked(Buffer.concat([ftyp, HTML]))).toBe(false);
    const tooLong = Buffer.from(m4a);
    tooLong.writeUInt32BE(m4a.length * 4, ftyp.length);
    expect(checked(tooLong)).toBe(false);
  });

  it('AAC: ADTS frames walked to the end', () => {
    expect(checked(Buffer.concat([adtsSample(), HTML]))).toBe(false);
    expect(checked(Buffer.concat([adtsSample(1), HTML]))).toBe(false);
    expect(isAdtsAudio(adtsSample(1))).toBe(false);
  });
});
