import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStatsAnswer, AdminUsersAnswer } from '@hamlog/domain/admin/api-shapes';
import { api } from '@/lib/api-client';

export type { AdminStatsAnswer, AdminUsersAnswer };

/** POST /vadmin/users: the cards and the newest accounts (administrators only: 403 otherwise). */
export function getAdminUsers(signal?: AbortSignal): Promise<AdminUsersAnswer> {
  return api.post<AdminUsersAnswer>('/vadmin/users', {}, signal ? { signal } : {});
}

/** POST /vadmin/stats {days}: the platform per UTC day and the top entities (administrators only). */
export function getAdminStats(days: number, signal?: AbortSignal): Promise<AdminStatsAnswer> {
  return api.post<AdminStatsAnswer>('/vadmin/stats', { days }, signal ? { signal } : {});
}

export function useAdminUsers() {
  return useQuery(
    queryOptions({
      queryKey: ['admin-users'] as const,
      queryFn: ({ signal }) => getAdminUsers(signal),
      staleTime: 0,
    }),
  );
}

export function useAdminStats(days: number) {
  return useQuery(
    queryOptions({
      queryKey: ['admin-stats', days] as const,
      queryFn: ({ signal }) => getAdminStats(days, signal),
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  );
}
