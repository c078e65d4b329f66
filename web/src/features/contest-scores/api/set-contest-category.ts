import { useMutation } from '@tanstack/react-query';
import { contestCategoryPath, type ContestCategoryAnswer } from '@hamlog/domain/contests/entry/api';
import type { StationCategory } from '@hamlog/domain/contests/rules/rules';
import { api } from '@/lib/api-client';
import { queryClient } from '@/lib/react-query';

/** POST /vcontest/{id}/category: the station's category; its log and the board follow it. */
export function useSetContestCategory(contestId: string) {
  return useMutation({
    mutationFn: (category: StationCategory) => api.post<ContestCategoryAnswer>(contestCategoryPath(contestId), category),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['contest-log', contestId] }),
        queryClient.invalidateQueries({ queryKey: ['contest-board', 'checked', contestId] }),
      ]),
  });
}
