import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ContestsAnswer } from '@hamlog/domain/contests/api';
import { contestCheckPath, contestLoggerPath, type ContestCheckAnswer, type ContestLoggerAnswer } from '@hamlog/domain/contests/rules/api';
import { api } from '@/lib/api-client';

export type { ContestCheckAnswer, ContestLoggerAnswer };

export const CONTEST_LOGGER_ROOT = 'contest-logger';

/** The rate decays as time passes: the figures are asked again this often while contest mode is on. */
const FIGURES_REFRESH_MS = 60_000;

/** GET /vcontests: every contest; the logger offers those with real rules. */
export function useContests(enabled: boolean) {
  return useQuery({
    queryKey: ['contests', 'all'],
    queryFn: ({ signal }) => api.get<ContestsAnswer>('/vcontests', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** GET /vcontest/{id}/logger: the boxes, what goes out, the rate and the score so far. */
export function useContestLogger(contestId: string | null) {
  return useQuery({
    queryKey: [CONTEST_LOGGER_ROOT, 'start', contestId],
    queryFn: ({ signal }) => api.get<ContestLoggerAnswer>(contestLoggerPath(contestId!), { signal }),
    enabled: contestId !== null,
    refetchInterval: FIGURES_REFRESH_MS,
  });
}

/** What the logger asks before Enter (the contact as typed so far). */
export interface ContestCandidate {
  call: string;
  freq_khz: number;
  mode: string;
  received: Record<string, string>;
}

/** POST /vcontest/{id}/check for the contact as typed (after a pause in typing); the last answer stays while the next is asked. */
export function useContestCheck(contestId: string | null, candidate: ContestCandidate | null) {
  return useQuery({
    queryKey: [CONTEST_LOGGER_ROOT, 'check', contestId, candidate],
    queryFn: ({ signal }) => api.post<ContestCheckAnswer>(contestCheckPath(contestId!), candidate, { signal }),
    enabled: contestId !== null && candidate !== null,
    placeholderData: keepPreviousData,
    // A contact checked before it was logged must be asked again (now a dupe): no answer is kept.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
