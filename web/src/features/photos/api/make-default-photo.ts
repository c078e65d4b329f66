import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PhotoChangeAnswer, PhotoIdRequest } from '@/types/api';
import { afterPhotoChange } from './photo-change';

/** POST /vphotomakedefault: the photo becomes the profile picture. */
export function makeDefaultPhoto(input: PhotoIdRequest): Promise<PhotoChangeAnswer> {
  return api.post<PhotoChangeAnswer>('/vphotomakedefault', { id: input.id });
}

export function useMakeDefaultPhoto() {
  return useMutation({ mutationFn: makeDefaultPhoto, onSuccess: afterPhotoChange });
}
