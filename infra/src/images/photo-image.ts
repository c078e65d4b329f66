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
    super('more pixels than allowed');
    this.name = 'TooManyPixelsError';
  }
}

const FORMATS: Record<string, PhotoFormat> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/gif': 'gif' };

/** Checks and re-encodes an upload, waiting its turn with the process's other costly native work. */
export function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  return inCostlySlot(() => checkAndEncode(bytes));
}

/** A decoded image's checked facts: its format, and its size with EXIF orientation applied. */
export interface CheckedImage {
  format: PhotoFormat;
  width: number;
  height: number;
  /** Every libvips read of these bytes must pass these (the pixel limit). */
  options: { limitInputPixels: number; failOn: 'error' };
}

/**
 * The upload's first bytes must say JPEG, PNG or GIF, libvips must decode it as that same format,
 * and it must have at most `maxPixels` pixels (per frame), before anything decodes its pixels.
 */
export async function checkImage(bytes: Buffer, maxPixels: number): Promise<CheckedImage> {
  const sniffed = sniffImage(bytes);
  const format = sniffed ? FORMATS[sniffed.contentType] : undefined;
  if (!format) throw new NotAPhotoError();
  const options = { limitInputPixels: maxPixels, failOn: 'error' as const };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch (error) {
    throw refusal(error);
  }
  if (meta.format !== format || !meta.width || !meta.height) throw new NotAPhotoError();
  const frameHeight = meta.pageHeight ?? meta.height;
  if (meta.width * frameHeight > maxPixels) throw new TooManyPixelsError();
  const orientedSideways = (meta.orientation ?? 1) >= 5;
  return {
    format,
    width: orientedSideways ? frameHeight : meta.width,
    height: orientedSideways ? meta.width : frameHeight,
    options,
  };
}

/** The image re-encoded from its decoded pixels, oriented, without metadata or anything appended. */
export async function reencodeImage(bytes: Buffer, checked: CheckedImage): Promise<Buffer> {
  try {
    return await encode(sharp(bytes, { ...checked.options, animated: checked.format === 'gif' }).rotate(), checked.format);
  } catch (error) {
    throw refusal(error);
  }
}

async function checkAndEncode(bytes: Buffer): Promise<ProcessedPhoto> {
  const checked = await checkImage(bytes, MAX_PHOTO_PIXELS);
  const image = await reencodeImage(bytes, checked);
  try {
    const thumbnail = await sharp(bytes, checked.options)
      .rotate()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { format: checked.format, width: checked.width, height: checked.height, image, thumbnail };
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
