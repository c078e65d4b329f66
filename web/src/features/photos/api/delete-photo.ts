import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PhotoChangeAnswer, PhotoIdRequest } from '@/types/api';
import { afterPhotoChange } from './photo-change';

/** POST /vphotodelete: removes one of the caller's photos (deleting it again is no error). */
export function deletePhoto(input: PhotoIdRequest): Promise<PhotoChangeAnswer> {
  return api.post<PhotoChangeAnswer>('/vphotodelete', { id: input.id });
}

export function useDeletePhoto() {
  return useMutation({ mutationFn: deletePhoto, onSuccess: afterPhotoChange });
}
