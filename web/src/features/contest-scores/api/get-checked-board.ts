import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contestBoardPath, type CheckedBoardAnswer } from '@hamlog/domain/contests/rules/api';
import type { StationCategory } from '@hamlog/domain/contests/rules/rules';
import { CONTEST_REFRESH_MS } from '@hamlog/domain/community/rules';
import { api } from '@/lib/api-client';

export type { CheckedBoardAnswer };

/** The board's filter and page as a query string (only the values chosen; no offset for the first page). */
function boardQuery(category: Partial<StationCategory>, offset: number): string {
  const params = new URLSearchParams();
  for (const [field, value] of Object.entries(category)) if (value) params.set(field, value);
  if (offset > 0) params.set('offset', String(offset));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /vcontest/{id}/board: a page of every station's claimed and checked score (of the category asked for), refreshed every 10 s while shown. */
export function useCheckedBoard(contestId: string, filter: Partial<StationCategory> = {}, offset = 0) {
  return useQuery({
    queryKey: ['contest-board', 'checked', contestId, filter, offset],
    queryFn: ({ signal }) => api.get<CheckedBoardAnswer>(`${contestBoardPath(contestId)}${boardQuery(filter, offset)}`, { signal }),
    refetchInterval: CONTEST_REFRESH_MS,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
