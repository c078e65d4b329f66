/**
 * A profile photo checked by its content and made safe to serve: the first bytes must say JPEG,
 * PNG or GIF (never the name or Content-Type the sender chose), libvips must decode it as that same
 * format, and what is stored is re-encoded from the decoded pixels: EXIF orientation applied,
 * metadata (GPS position, camera serials) dropped, and nothing appended to the image survives.
 */
import sharp, { type Metadata, type Sharp } from 'sharp';
import { sniffImage, type PhotoFormat } from '@hamlog/domain';
import { inCostlySlot } from '../runtime/thread-pool';

export const THUMBNAIL_WIDTH = 300;
/** Decompression bombs: a small file that would decode into gigabytes of pixels is refused. */
export const MAX_PHOTO_PIXELS = 40_000_000;

export interface ProcessedPhoto {
  format: PhotoFormat;
  width: number;
  height: number;
  /** The photo to store, in its own format. */
  image: Buffer;
  /** A WebP at most THUMBNAIL_WIDTH wide. */
  thumbnail: Buffer;
}

export class NotAPhotoError extends Error {
  constructor() {
    super('not a JPEG, PNG or GIF image');
    this.name = 'NotAPhotoError';
  }
}

export class TooManyPixelsError extends Error {
  constructor() {
    super(`more than ${MAX_PHOTO_PIXELS} pixels`);
    this.name = 'TooManyPixelsError';
  }
}

const FORMATS: Record<string, PhotoFormat> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/gif': 'gif' };

/** Checks and re-encodes an upload, waiting its turn with the process's other costly native work. */
export function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  return inCostlySlot(() => checkAndEncode(bytes));
}

async function checkAndEncode(bytes: Buffer): Promise<ProcessedPhoto> {
  const sniffed = sniffImage(bytes);
  const format = sniffed ? FORMATS[sniffed.contentType] : undefined;
  if (!format) throw new NotAPhotoError();
  const options = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' as const };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch (error) {
    throw refusal(error);
  }
  if (meta.format !== format || !meta.width || !meta.height) throw new NotAPhotoError();
  const frameHeight = meta.pageHeight ?? meta.height;
  if (meta.width * frameHeight > MAX_PHOTO_PIXELS) throw new TooManyPixelsError();
  try {
    const image = await encode(sharp(bytes, { ...options, animated: format === 'gif' }).rotate(), format);
    const thumbnail = await sharp(bytes, options)
      .rotate()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    const orientedSideways = (meta.orientation ?? 1) >= 5;
    return { format, width: orientedSideways ? frameHeight : meta.width, height: orientedSideways ? meta.width : frameHeight, image, thumbnail };
  } catch (error) {
    throw refusal(error);
  }
}

/** libvips' complaint as one of ours. */
function refusal(error: unknown): Error {
  return /pixel limit/i.test((error as Error).message) ? new TooManyPixelsError() : new NotAPhotoError();
}

function encode(pipeline: Sharp, format: PhotoFormat): Promise<Buffer> {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    case 'png':
      return pipeline.png({ compressionLevel: 8 }).toBuffer();
    case 'gif':
      return pipeline.gif().toBuffer();
  }
}
