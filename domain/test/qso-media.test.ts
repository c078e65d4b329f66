import { describe, expect, it } from 'vitest';
import { QSO_MEDIA_RULES, sniffAudio, sniffImage } from '../src/qso/media';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('recordings are recognised by content', () => {
  it.each([
    ['MP3 with an ID3 tag', bytes('ID3', [4, 0, 0, 0, 0, 0, 0]), 'audio/mpeg', 'mp3'],
    ['MP3 frame (MPEG-1 layer III)', bytes([0xff, 0xfb, 0x90, 0x64]), 'audio/mpeg', 'mp3'],
    ['MP3 frame (MPEG-2 layer III)', bytes([0xff, 0xf3, 0x40, 0xc4]), 'audio/mpeg', 'mp3'],
    ['WAV', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), 'audio/wav', 'wav'],
    ['OGG', bytes('OggS', [0, 2]), 'audio/ogg', 'ogg'],
    ['M4A', bytes([0, 0, 0, 0x20], 'ftypM4A ', [0, 0, 0, 0]), 'audio/mp4', 'm4a'],
    ['MP4 audio (isom)', bytes([0, 0, 0, 0x1c], 'ftypisom'), 'audio/mp4', 'm4a'],
    ['AAC (ADTS)', bytes([0xff, 0xf1, 0x50, 0x80]), 'audio/aac', 'aac'],
  ])('%s', (_name, content, contentType, extension) => {
    expect(sniffAudio(content)).toEqual({ contentType, extension });
  });

  it.each([
    ['text', bytes('hello, this is not audio')],
    ['a PNG image', bytes([0x89], 'PNG\r\n\x1a\n')],
    ['RIFF that is not WAVE (AVI)', bytes('RIFF', [0, 0, 0, 0], 'AVI ')],
    ['HEIC image (ftyp heic)', bytes([0, 0, 0, 0x18], 'ftypheic')],
    ['an empty body', bytes()],
    ['0xFF alone', bytes([0xff])],
  ])('refuses %s', (_name, content) => {
    expect(sniffAudio(content)).toBeNull();
  });
});

describe('SSTV images are recognised by content', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg', 'jpg'],
    ['PNG', bytes([0x89], 'PNG\r\n\x1a\n'), 'image/png', 'png'],
    ['GIF87a', bytes('GIF87a'), 'image/gif', 'gif'],
    ['GIF89a', bytes('GIF89a'), 'image/gif', 'gif'],
  ])('%s', (_name, content, contentType, extension) => {
    expect(sniffImage(content)).toEqual({ contentType, extension });
  });

  it.each([
    ['an MP3', bytes('ID3', [4, 0])],
    ['SVG (script could hide in it)', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a truncated PNG signature', bytes([0x89], 'PNG')],
    ['BMP', bytes('BM', [0, 0, 0, 0])],
  ])('refuses %s', (_name, content) => {
    expect(sniffImage(content)).toBeNull();
  });
});

it('limits recordings to 20 MB and SSTV images to 5 MB', () => {
  expect(QSO_MEDIA_RULES.recording.maxBytes).toBe(20 * 1024 * 1024);
  expect(QSO_MEDIA_RULES.sstv.maxBytes).toBe(5 * 1024 * 1024);
  expect(QSO_MEDIA_RULES.recording.tooLarge).toMatch(/20 MB/);
  expect(QSO_MEDIA_RULES.sstv.unsupported).toMatch(/JPEG, PNG or GIF/);
});
