import { useMutation, useQuery } from '@tanstack/react-query';
import type { ContestSummary } from '@hamlog/domain/community/api-shapes';
import type { ContestAnswer, ContestsAnswer } from '@hamlog/domain/contests/api';
import { api } from '@/lib/api-client';
import { queryClient } from '@/lib/react-query';
import type { ContestPayload } from '../utils/contest-form';

export type { ContestSummary };

const MY_CONTESTS_KEY = ['contests', 'mine'] as const;

/** GET /vcontests?mine=1: the contests the signed-in user organises, latest start first. */
export function useMyContests() {
  return useQuery({
    queryKey: MY_CONTESTS_KEY,
    queryFn: ({ signal }) => api.get<ContestsAnswer>('/vcontests?mine=1', { signal }),
  });
}

/** After a save the organiser's list and the contest's board show it. */
async function saved(answer: ContestAnswer): Promise<ContestSummary> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: MY_CONTESTS_KEY }),
    queryClient.invalidateQueries({ queryKey: ['contest-board'] }),
  ]);
  return answer.contest;
}

/** POST /vcontest/create: the new contest, or 422 field errors (409: the same name and start with other rules). */
export function useCreateContest() {
  return useMutation({
    mutationFn: async (payload: ContestPayload) => saved(await api.post<ContestAnswer>('/vcontest/create', payload)),
  });
}

/** POST /vcontest/update with the fields changed: the contest as it now is, or 422 field errors (403: not the organiser). */
export function useUpdateContest(contestId: string) {
  return useMutation({
    mutationFn: async (payload: Partial<ContestPayload>) => saved(await api.post<ContestAnswer>('/vcontest/update', { contest_id: contestId, ...payload })),
  });
}
