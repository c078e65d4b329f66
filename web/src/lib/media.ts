import { MISSING_PROFILE_IMAGE } from '@hamlog/domain/api-types';
import { MEDIA_BASE } from '../config/app';

/**
 * The address of an uploaded file (photos, profile pictures), or null when there is none:
 * an empty name or the 'missing.JPG' placeholder every account starts with.
 */
export function mediaUrl(name: string | null | undefined): string | null {
  const file = name?.trim();
  if (!file || file.toLowerCase() === MISSING_PROFILE_IMAGE.toLowerCase()) return null;
  if (/^https?:\/\//i.test(file) || file.startsWith('/')) return file;
  return `${MEDIA_BASE}/${encodeURIComponent(file)}`;
}
