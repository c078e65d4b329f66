import { PHOTO_FILE_REQUIRED, PHOTO_NOT_AN_IMAGE } from '@hamlog/domain/messages';
import { PHOTO_EXTENSIONS } from '@/config/app';
import { MESSAGES } from '@/config/messages';

/** The file input's accept filter: .jpg, .jpeg, .png and .gif. */
export const PHOTO_ACCEPT = PHOTO_EXTENSIONS.join(',');

export function hasPhotoExtension(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return PHOTO_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/**
 * Why a chosen file cannot be uploaded, or null. The server checks the content itself; this
 * only saves a pointless upload.
 */
export function photoFileError(file: { name: string } | null | undefined): string | null {
  if (!file) return PHOTO_FILE_REQUIRED;
  if (!hasPhotoExtension(file.name)) return MESSAGES.photoUploadError(PHOTO_NOT_AN_IMAGE);
  return null;
}
