import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { User } from '../types/api';
import { api } from './api-client';
import { QUERY_ROOTS } from './query-keys';
import { queryClient } from './react-query';
import { getSession, updateSessionUser, useSession } from './session';

/**
 * GET /vuser: the signed-in user as the server has it now. Shared by every screen that must
 * not trust the copy stored at sign-in (settings, sub-accounts); the answer also refreshes it.
 */
export type CurrentUserAnswer = { user: User } | User;

export function userFromAnswer(answer: CurrentUserAnswer | null | undefined): User | null {
  if (!answer || typeof answer !== 'object') return null;
  if ('user' in answer && answer.user && typeof answer.user === 'object') return answer.user;
  return 'my_callsign' in answer ? answer : null;
}

export async function getCurrentUser(): Promise<User> {
  const user = userFromAnswer(await api.get<CurrentUserAnswer>('/vuser'));
  if (!user) throw new Error('No user in the answer');
  return user;
}

export function currentUserQueryOptions(token: string | null, enabled = true) {
  return queryOptions({
    queryKey: [QUERY_ROOTS.currentUser, token],
    queryFn: getCurrentUser,
    enabled: enabled && token !== null,
    staleTime: 0,
  });
}

/** Fetch the user from the server (while `enabled`) and keep the session's copy in step with it. */
export function useCurrentUser(enabled = true) {
  const token = useSession()?.token ?? null;
  const query = useQuery(currentUserQueryOptions(token, enabled));
  useEffect(() => {
    // Only an answer about the signed-in user itself (not one that raced a switch of account).
    const current = getSession()?.user;
    if (query.data && (!current || String(current.id) === String(query.data.id))) updateSessionUser(query.data);
  }, [query.data]);
  return query;
}

/**
 * A write answered with the user as it left them (a profile saved, a sub-account added): that
 * becomes the stored user and the current-user query's data. A read already under way is dropped,
 * not re-run: it, or a read model lagging past read-your-writes' wait, would answer from before
 * the write and undo it on screen.
 */
export async function adoptCurrentUser(user: User): Promise<void> {
  updateSessionUser(user);
  const { queryKey } = currentUserQueryOptions(getSession()?.token ?? null);
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData(queryKey, user);
}
