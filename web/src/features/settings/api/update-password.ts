import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userFromAnswer, type CurrentUserAnswer } from '@/lib/current-user';
import { updateSessionUser } from '@/lib/session';
import type { UpdatePasswordRequest } from '@/types/api';

export type { UpdatePasswordRequest };

/** POST /vupdateprofile with only the new password (and its confirmation). */
export function updatePassword(input: UpdatePasswordRequest): Promise<CurrentUserAnswer | undefined> {
  return api.post<CurrentUserAnswer | undefined>('/vupdateprofile', input);
}

export function useUpdatePassword() {
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: (answer) => {
      const user = userFromAnswer(answer);
      updateSessionUser(user ? { ...user, has_password: true } : { has_password: true });
    },
  });
}
