import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isApiError } from './api-error';

const defaultOptions: DefaultOptions = {
  queries: {
    staleTime: 30_000,
    refetchOnWindowFocus: false,
    // Retry only what may pass on a second try: network errors and server errors.
    retry: (failureCount, error) =>
      failureCount < 2 && (!isApiError(error) || error.status === 0 || error.status >= 500),
  },
  mutations: { retry: false },
};

export const queryClient = new QueryClient({ defaultOptions });
