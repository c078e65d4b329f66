import { PROFILE_PHOTO_LIMIT } from '@hamlog/domain/api-types';
import type { Photo, PublicProfile } from '@/types/api';

/** The newest photos first, at most four (spec: the last 4 photos). */
export function lastPhotos(photos: Photo[] | null | undefined): Photo[] {
  const list = [...(photos ?? [])];
  list.sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? ''));
  return list.slice(0, PROFILE_PHOTO_LIMIT);
}

/** Only web links are followed: a profile must not be able to plant a javascript: URL. */
export function safeWebLink(url: string | null | undefined): string | null {
  const value = url?.trim();
  if (!value) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const parsed = new URL(withScheme);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export function licenceLabels(profile: Pick<PublicProfile, 'is_ham' | 'is_cb' | 'is_swl'>): string[] {
  const labels: string[] = [];
  if (profile.is_ham) labels.push('HAM');
  if (profile.is_cb) labels.push('CB');
  if (profile.is_swl) labels.push('SWL');
  return labels;
}
