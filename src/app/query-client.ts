import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from '../client/api-error.ts';

/** Retries only what may pass on a second try (network, 429, 5xx), never another 4xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && isRetryable(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
