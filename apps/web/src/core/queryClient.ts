import { QueryClient } from '@tanstack/react-query';

/**
 * Failures are shown by the API client once; retrying would show them again, so queries do not
 * retry. Data stays fresh for 30 s so that switching tabs does not refetch.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
