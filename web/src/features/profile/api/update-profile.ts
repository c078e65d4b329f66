import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { updateSessionUser } from '@/lib/session';
import type { UpdatePasswordRequest, User } from '@/types/api';

export type { UpdatePasswordRequest };

/** The answer is not fixed by the spec; a server may send the updated user back. */
export type UpdateProfileAnswer = { user?: User } | undefined;

export function updateProfile(input: UpdatePasswordRequest): Promise<UpdateProfileAnswer> {
  return api.post<UpdateProfileAnswer>('/vupdateprofile', input);
}

export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (answer, input) => {
      if (answer && typeof answer === 'object' && answer.user) updateSessionUser(answer.user);
      else if (input.password) updateSessionUser({ has_password: true });
    },
  });
}
