import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { RigState } from '@/types/api';

export type { RigState };

/** Spec section 9: CAT poll 2 s. */
export const RIG_POLL_MS = 2_000;

export function getRigState(signal?: AbortSignal): Promise<RigState> {
  return api.post<RigState>('/vrigcontrol/get', {}, signal ? { signal } : {});
}

/** The signed-in user's rig, polled every 2 s while `enabled` (paused while editing). Failures are only logged. */
export function useRigState(enabled: boolean) {
  return useQuery(rigStateQueryOptions(enabled));
}

export function rigStateQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: ['rig-state'],
    queryFn: ({ signal }) =>
      getRigState(signal).catch((error: unknown) => {
        console.warn('CAT data failed to load', error);
        throw error;
      }),
    enabled,
    refetchInterval: enabled ? RIG_POLL_MS : false,
    staleTime: 0,
    retry: false,
  });
}
