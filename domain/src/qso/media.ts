/**
 * What may be attached to a QSO: recordings (MP3, WAV, OGG, M4A/AAC) and SSTV images (JPEG, PNG,
 * GIF), recognised by their first bytes, never by a name or a Content-Type the sender chose.
 */
import { DomainError } from '../errors';
import { RECORDING_TOO_LARGE, RECORDING_UNSUPPORTED, recordingLimitReached, SSTV_TOO_LARGE, SSTV_UNSUPPORTED, sstvLimitReached } from '../messages';

export type QsoMediaKind = 'recording' | 'sstv';

export interface SniffedMedia {
  contentType: string;
  /** The extension its stored name gets. */
  extension: string;
}

export interface QsoMediaRule {
  maxBytes: number;
  /** How many of this kind one QSO may have. */
  maxPerQso: number;
  limitReached: (max: number) => string;
  sniff: (bytes: Uint8Array) => SniffedMedia | null;
  unsupported: string;
  tooLarge: string;
}

const MB = 1024 * 1024;

const ascii = (bytes: Uint8Array, at: number, text: string): boolean =>
  bytes.length >= at + text.length && [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

/** MP4 family brands that hold audio (M4A, M4B, plain MP4/ISO); HEIF/AVIF images share 'ftyp' and are refused. */
const AUDIO_MP4_BRANDS = /^(M4A |M4B |M4P |mp4[12]|isom|iso[2-9]|dash|3gp[4-9]|3g2[a-c])$/;

export function sniffAudio(bytes: Uint8Array): SniffedMedia | null {
  if (ascii(bytes, 0, 'ID3')) return { contentType: 'audio/mpeg', extension: 'mp3' };
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WAVE')) return { contentType: 'audio/wav', extension: 'wav' };
  if (ascii(bytes, 0, 'OggS')) return { contentType: 'audio/ogg', extension: 'ogg' };
  if (ascii(bytes, 4, 'ftyp')) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    return AUDIO_MP4_BRANDS.test(brand) ? { contentType: 'audio/mp4', extension: 'm4a' } : null;
  }
  const [b0 = 0, b1 = 0] = bytes;
  if (b0 === 0xff && (b1 & 0xf6) === 0xf0) return { contentType: 'audio/aac', extension: 'aac' }; // ADTS: sync, layer 00
  // MPEG audio frame: 11 sync bits, a version other than 'reserved' (01), a layer other than 'reserved' (00).
  if (b0 === 0xff && (b1 & 0xe0) === 0xe0 && (b1 & 0x18) !== 0x08 && (b1 & 0x06) !== 0) {
    return { contentType: 'audio/mpeg', extension: 'mp3' };
  }
  return null;
}

export function sniffImage(bytes: Uint8Array): SniffedMedia | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (bytes[0] === 0x89 && ascii(bytes, 1, 'PNG\r\n\x1a\n')) return { contentType: 'image/png', extension: 'png' };
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return { contentType: 'image/gif', extension: 'gif' };
  return null;
}

export const QSO_MEDIA_RULES: Record<QsoMediaKind, QsoMediaRule> = {
  recording: {
    maxBytes: 20 * MB,
    maxPerQso: 10,
    limitReached: recordingLimitReached,
    sniff: sniffAudio,
    unsupported: RECORDING_UNSUPPORTED,
    tooLarge: RECORDING_TOO_LARGE,
  },
  sstv: { maxBytes: 5 * MB, maxPerQso: 10, limitReached: sstvLimitReached, sniff: sniffImage, unsupported: SSTV_UNSUPPORTED, tooLarge: SSTV_TOO_LARGE },
};

/** A QSO already has as many attachments of the kind as it may. */
export class AttachmentLimitError extends DomainError {
  readonly code = 'ATTACHMENT_LIMIT';
  constructor(readonly kind: QsoMediaKind) {
    const rule = QSO_MEDIA_RULES[kind];
    super(rule.limitReached(rule.maxPerQso));
  }
}
