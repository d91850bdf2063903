import { QueryClient } from '@tanstack/react-query';

/** General defaults: unused data kept 5 minutes, 3 retries backing off from 1 s to 30 s. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      gcTime: 5 * 60 * 1000,
      retry: 3,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      refetchOnWindowFocus: false,
    },
  },
});
