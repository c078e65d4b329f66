import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PageViewRequest } from '@/types/api';

export type { PageViewRequest };

/** POST /log-page-view: analytics only, so failures are ignored. */
export async function logPageView(input: PageViewRequest): Promise<void> {
  await api.post<unknown>('/log-page-view', input);
}

export function useLogPageView() {
  return useMutation({ mutationFn: logPageView, onError: () => undefined });
}
