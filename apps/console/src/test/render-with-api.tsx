import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createApiClient, type ApiClientOptions } from '../api/api-client';
import { ApiClientProvider } from '../api/api-client-context';

/** A JSON answer as a service sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Renders one screen with a real API client over `fetch` (a fake server) and a fresh query
 * client that does not retry, so a failing answer shows its error state at once.
 */
export function renderWithApi(
  ui: ReactElement,
  options: {
    baseUrls: Partial<ApiClientOptions['baseUrls']>;
    fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
    customerId?: string | null;
  },
) {
  const client = createApiClient({
    baseUrls: options.baseUrls as ApiClientOptions['baseUrls'],
    getAccessToken: async () => 'test-token',
    refreshAccessToken: async () => false,
    getCustomerId: () => options.customerId ?? null,
    onUnauthorized: () => {},
    fetch: options.fetch as typeof globalThis.fetch,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>{ui}</ApiClientProvider>
    </QueryClientProvider>,
  );
}
