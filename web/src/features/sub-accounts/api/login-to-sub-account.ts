import { useMutation } from '@tanstack/react-query';
import { AN_ERROR_OCCURRED } from '@hamlog/domain/messages';
import { api, ApiError, isApiError } from '@/lib/api-client';
import { queryClient } from '@/lib/react-query';
import { startSubAccountSession } from '@/lib/session';
import type { AuthAnswer, LoginToSubaccountRequest } from '@/types/api';

export type { LoginToSubaccountRequest };

/** POST /vLoginToSubaccount: a session for one of the caller's sub-accounts. */
export async function loginToSubAccount(input: LoginToSubaccountRequest): Promise<AuthAnswer> {
  const answer = await api.post<AuthAnswer>('/vLoginToSubaccount', input);
  if (!answer || !answer.token || !answer.user) throw new ApiError(500, AN_ERROR_OCCURRED);
  return answer;
}

export function switchFailureText(err: unknown): string {
  if (isApiError(err) && err.status >= 400 && err.status < 500 && err.message) return err.message;
  return AN_ERROR_OCCURRED;
}

/** Switching replaces the whole session: the cached data of the previous account goes too. */
export function useLoginToSubAccount() {
  return useMutation({
    mutationFn: loginToSubAccount,
    onSuccess: (answer) => {
      queryClient.clear();
      startSubAccountSession(answer);
    },
  });
}
