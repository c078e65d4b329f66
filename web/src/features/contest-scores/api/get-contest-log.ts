import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contestCabrilloPath, contestLogPath, type ContestLogAnswer } from '@hamlog/domain/contests/rules/api';
import type { StationCategory } from '@hamlog/domain/contests/rules/rules';
import { api } from '@/lib/api-client';

export type { ContestLogAnswer };

/** The category as the log's and the Cabrillo's query string (only the values chosen). */
export function categoryQuery(category: Partial<StationCategory>): string {
  const params = new URLSearchParams();
  for (const [field, value] of Object.entries(category)) if (value) params.set(field, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /vcontest/{id}/log: the signed-in station's log in a contest of real rules, scored for its category. */
export function useContestLog(contestId: string, category: Partial<StationCategory>, enabled: boolean) {
  return useQuery({
    queryKey: ['contest-log', contestId, category],
    queryFn: ({ signal }) => api.get<ContestLogAnswer>(`${contestLogPath(contestId)}${categoryQuery(category)}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /vcontest/{id}/cabrillo: the log as a Cabrillo 3.0 file. */
export function getCabrillo(contestId: string, category: Partial<StationCategory>): Promise<Blob> {
  return api.getBlob(`${contestCabrilloPath(contestId)}${categoryQuery(category)}`);
}
