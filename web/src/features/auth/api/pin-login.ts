import { useMutation } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { queryClient } from '@/lib/react-query';
import { startSession } from '@/lib/session';
import type { AuthAnswer, PinLoginRequest } from '@/types/api';

export type { PinLoginRequest };

/** POST /vpinlogin: log in with the latest PIN mailed for the callsign. */
export async function pinLogin(input: PinLoginRequest): Promise<AuthAnswer> {
  const answer = await api.post<AuthAnswer>('/vpinlogin', input, { auth: false });
  if (!answer || !answer.token || !answer.user) throw new ApiError(401, 'No user returned');
  return answer;
}

export function usePinLogin() {
  return useMutation({
    mutationFn: pinLogin,
    onSuccess: (answer) => {
      queryClient.clear();
      startSession(answer);
    },
  });
}
