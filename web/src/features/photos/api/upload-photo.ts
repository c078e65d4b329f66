import { useMutation } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/query-keys';
import { queryClient } from '@/lib/react-query';
import type { UploadPhotoAnswer } from '@/types/api';
import { PHOTOS_ROOT } from './get-photos';

export interface UploadPhotoInput {
  file: File;
  onProgress?: (fraction: number) => void;
}

/** POST /vuploadphoto, multipart field `image`; upload progress is reported as it goes. */
export async function uploadPhoto({ file, onProgress }: UploadPhotoInput): Promise<UploadPhotoAnswer> {
  const form = new FormData();
  form.append('image', file, file.name);
  const answer = await api.upload<UploadPhotoAnswer>('/vuploadphoto', form, onProgress ? { onProgress } : {});
  if (answer && answer.status === 'error') throw new ApiError(422, answer.message || 'Upload refused');
  return answer;
}

export function useUploadPhoto() {
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [PHOTOS_ROOT] }),
        queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.profile] }),
      ]),
  });
}
