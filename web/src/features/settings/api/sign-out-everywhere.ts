import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface SignOutEverywhereAnswer {
  message: string;
  signed_out: number;
}

/** POST /vsignouteverywhere: every other session of the user ends; this one stays. */
export function signOutEverywhere(): Promise<SignOutEverywhereAnswer | undefined> {
  return api.post<SignOutEverywhereAnswer | undefined>('/vsignouteverywhere');
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere });
}
