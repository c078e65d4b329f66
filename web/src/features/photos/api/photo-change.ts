import { QUERY_ROOTS } from '@/lib/query-keys';
import { queryClient } from '@/lib/react-query';
import { updateSessionUser } from '@/lib/session';
import type { PhotoChangeAnswer } from '@/types/api';
import { PHOTOS_ROOT } from './get-photos';

/** After a delete or a new default: the profile picture the server now has, and fresh lists. */
export function afterPhotoChange(answer: PhotoChangeAnswer | undefined): Promise<unknown> {
  if (answer && typeof answer.profile_image_name === 'string') updateSessionUser({ profile_image_name: answer.profile_image_name });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [PHOTOS_ROOT] }),
    queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.profile] }),
    queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.currentUser] }),
  ]);
}
