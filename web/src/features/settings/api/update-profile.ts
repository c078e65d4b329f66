import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adoptCurrentUser, userFromAnswer, type CurrentUserAnswer } from '@/lib/current-user';
import { QUERY_ROOTS } from '@/lib/query-keys';
import { queryClient } from '@/lib/react-query';
import type { ProfilePayload } from '../utils/profile-form';

/** The form, and the current password when it changes the email (decision 0021). */
export type UpdateProfileRequest = ProfilePayload & { current_password?: string };

/** POST /vupdateprofile with the whole profile form: the updated user, or 422 field errors. */
export function updateProfile(input: UpdateProfileRequest): Promise<CurrentUserAnswer | undefined> {
  return api.post<CurrentUserAnswer | undefined>('/vupdateprofile', input);
}

/** On success the stored user takes the answer; an answer without one reloads it from GET /vuser. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (answer) => {
      const user = userFromAnswer(answer);
      if (user) await adoptCurrentUser(user);
      else await queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.currentUser] });
    },
  });
}
