import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OperatorsOfTheDayAnswer } from '@hamlog/domain/community/api-shapes';
import { OPERATORS_OF_THE_DAY_REFRESH_MS } from '@hamlog/domain/community/rules';
import { api } from '@/lib/api-client';

export type { OperatorsOfTheDayAnswer };

/** POST /vopofday: the top operators of the current UTC day. */
export function getOperatorsOfTheDay(signal?: AbortSignal): Promise<OperatorsOfTheDayAnswer> {
  return api.post<OperatorsOfTheDayAnswer>('/vopofday', {}, signal ? { signal } : {});
}

export function operatorsOfTheDayQueryOptions() {
  return queryOptions({
    queryKey: ['operators-of-the-day'] as const,
    queryFn: ({ signal }) => getOperatorsOfTheDay(signal),
    refetchInterval: OPERATORS_OF_THE_DAY_REFRESH_MS,
  });
}

export function useOperatorsOfTheDay() {
  return useQuery(operatorsOfTheDayQueryOptions());
}
