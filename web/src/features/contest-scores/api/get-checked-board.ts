import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contestBoardPath, type CheckedBoardAnswer } from '@hamlog/domain/contests/rules/api';
import type { StationCategory } from '@hamlog/domain/contests/rules/rules';
import { CONTEST_REFRESH_MS } from '@hamlog/domain/community/rules';
import { api } from '@/lib/api-client';

export type { CheckedBoardAnswer };

/** The board's filter as a query string (only the values chosen). */
function categoryQuery(category: Partial<StationCategory>): string {
  const params = new URLSearchParams();
  for (const [field, value] of Object.entries(category)) if (value) params.set(field, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /vcontest/{id}/board: every station's claimed and checked score (of the category asked for), refreshed every 10 s while shown. */
export function useCheckedBoard(contestId: string, filter: Partial<StationCategory> = {}) {
  return useQuery({
    queryKey: ['contest-board', 'checked', contestId, filter],
    queryFn: ({ signal }) => api.get<CheckedBoardAnswer>(`${contestBoardPath(contestId)}${categoryQuery(filter)}`, { signal }),
    refetchInterval: CONTEST_REFRESH_MS,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
