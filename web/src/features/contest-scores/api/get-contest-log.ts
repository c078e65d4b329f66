import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contestCabrilloPath, contestLogPath, type ContestLogAnswer } from '@hamlog/domain/contests/rules/api';
import { api } from '@/lib/api-client';

export type { ContestLogAnswer };

/** GET /vcontest/{id}/log: the signed-in station's log in a contest of real rules, scored for the category it chose. */
export function useContestLog(contestId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['contest-log', contestId],
    queryFn: ({ signal }) => api.get<ContestLogAnswer>(contestLogPath(contestId), { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /vcontest/{id}/cabrillo: the log as a Cabrillo 3.0 file, with the category the station chose. */
export function getCabrillo(contestId: string): Promise<Blob> {
  return api.getBlob(contestCabrilloPath(contestId));
}
