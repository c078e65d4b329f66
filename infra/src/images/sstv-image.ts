/**
 * An SSTV image attached to a QSO, checked and re-encoded like a profile photo (photo-image.ts):
 * what is stored is made from the decoded pixels, so an HTML page behind a PNG signature, or any
 * other polyglot, does not survive. SSTV pictures are small (320x256 is usual), so the pixel
 * limit is lower than a photo's.
 */
import type { PhotoFormat } from '@hamlog/domain';
import { inCostlySlot } from '../runtime/thread-pool';
import { checkImage, reencodeImage } from './photo-image';

export const MAX_SSTV_PIXELS = 16_000_000;

const EXTENSIONS: Record<PhotoFormat, { extension: string; contentType: string }> = {
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  png: { extension: 'png', contentType: 'image/png' },
  gif: { extension: 'gif', contentType: 'image/gif' },
};

export interface ProcessedSstvImage {
  image: Buffer;
  extension: string;
  contentType: string;
}

/** Throws NotAPhotoError or TooManyPixelsError (photo-image.ts) for what it refuses. */
export function processSstvImage(bytes: Buffer): Promise<ProcessedSstvImage> {
  return inCostlySlot(async () => {
    const checked = await checkImage(bytes, MAX_SSTV_PIXELS);
    return { image: await reencodeImage(bytes, checked), ...EXTENSIONS[checked.format] };
  });
}
