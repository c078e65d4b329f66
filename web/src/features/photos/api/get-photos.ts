import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import type { Photo, PhotosAnswer } from '@/types/api';

export type { Photo };

export const PHOTOS_ROOT = 'photos';

/** POST /vphotos: the caller's own photos, newest first. */
export async function getPhotos(): Promise<Photo[]> {
  const answer = await api.post<PhotosAnswer>('/vphotos');
  return Array.isArray(answer) ? answer : [];
}

export function photosQueryOptions(token: string | null) {
  return queryOptions({ queryKey: [PHOTOS_ROOT, token ?? ''], queryFn: getPhotos, enabled: token !== null });
}

export function usePhotos() {
  return useQuery(photosQueryOptions(useSession()?.token ?? null));
}
