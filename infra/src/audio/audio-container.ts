/**
 * A recording checked by walking its container, not just its first bytes: the domain's sniff
 * (domain/src/qso/media.ts) names the format, and that format's structure must hold to the end of
 * the file, so a polyglot (an HTML page behind an MP3 or PNG signature) is refused.
 */
import type { SniffedMedia } from '@hamlog/domain';
import { isAdtsAudio } from './adts-frames';
import { isMp4Audio } from './mp4-boxes';
import { isMpegAudio } from './mpeg-frames';
import { isOggAudio } from './ogg-pages';
import { isWavAudio } from './wav-chunks';

const CHECKS: Record<string, (bytes: Uint8Array) => boolean> = {
  mp3: isMpegAudio,
  aac: isAdtsAudio,
  wav: isWavAudio,
  ogg: isOggAudio,
  m4a: isMp4Audio,
};

export function isWellFormedAudio(sniffed: SniffedMedia, bytes: Uint8Array): boolean {
  const check = CHECKS[sniffed.extension];
  return check !== undefined && check(bytes);
}
