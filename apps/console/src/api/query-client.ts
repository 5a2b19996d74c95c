import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@boon/console-kit';

const MAX_RETRIES = 2;
/** The first retry waits this long, the next twice as long: a blip passes, an outage shows soon. */
const FIRST_RETRY_DELAY_MS = 400;

/**
 * Client errors (4xx) repeat the same answer when retried, so only server and network failures
 * are retried.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function retryDelay(failureCount: number): number {
  return FIRST_RETRY_DELAY_MS * 2 ** failureCount;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, retryDelay },
      // A write goes out at once, offline or not: it then fails or times out where the user can
      // see it (the API client's time limit), instead of waiting unseen for a connection and
      // landing later, when the page has moved on.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
