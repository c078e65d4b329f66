import { useMutation } from '@tanstack/react-query';
import { AN_ERROR_OCCURRED, SUB_ACCOUNT_ADD_FAILED } from '@hamlog/domain/messages';
import { api, ApiError, isApiError } from '@/lib/api-client';
import { adoptCurrentUser, userFromAnswer, type CurrentUserAnswer } from '@/lib/current-user';
import type { AddSubAccountRequest, User } from '@/types/api';

export type { AddSubAccountRequest };

/** POST /vaddsubaccount: answers the main user with its sub_accounts, or a message. */
export async function addSubAccount(input: AddSubAccountRequest): Promise<User> {
  const user = userFromAnswer(await api.post<CurrentUserAnswer>('/vaddsubaccount', input));
  if (!user) throw new ApiError(500, AN_ERROR_OCCURRED);
  return user;
}

/**
 * The text to alert for a failed add: the server's message when it sent one, 'An error
 * occurred' when the answer made no sense, else 'An error occurred while adding sub account'.
 */
export function addSubAccountFailureText(err: unknown): string {
  if (isApiError(err)) {
    if (err.status >= 400 && err.status < 500 && err.message) return err.message;
    if (err.status === 500 && err.message === AN_ERROR_OCCURRED) return AN_ERROR_OCCURRED;
  }
  return SUB_ACCOUNT_ADD_FAILED;
}

export function useAddSubAccount() {
  return useMutation({
    mutationFn: addSubAccount,
    onSuccess: adoptCurrentUser,
  });
}
