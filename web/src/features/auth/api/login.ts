import { useMutation } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { queryClient } from '@/lib/react-query';
import { startSession } from '@/lib/session';
import type { AuthAnswer, LoginRequest } from '@/types/api';

export type { LoginRequest };

export async function login(input: LoginRequest): Promise<AuthAnswer> {
  const answer = await api.post<AuthAnswer>('/vlogin', input, { auth: false });
  if (!answer || !answer.token || !answer.user) {
    // "No user returned at login" counts as a failed login.
    throw new ApiError(401, 'No user returned');
  }
  return answer;
}

/** Log in and start the session (the cache of any previous session is dropped). */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      queryClient.clear();
      startSession(answer);
    },
  });
}
