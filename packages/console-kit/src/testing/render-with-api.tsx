import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createApiClient } from '../api/api-client';
import { ApiClientProvider } from '../api/api-client-context';
import { getConsoleConfig } from '../config/console-config';

/**
 * Renders one screen with a real API client, whose calls the test answers with mocks
 * (mockEndpoint), and a fresh query client that does not retry, so a failing answer shows its
 * error state at once.
 */
export function renderWithApi(ui: ReactElement, options: { customerId?: string | null } = {}) {
  const client = createApiClient({
    baseUrls: getConsoleConfig().api,
    getAccessToken: async () => 'test-token',
    refreshAccessToken: async () => false,
    getCustomerId: () => options.customerId ?? null,
    onUnauthorized: () => {},
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>{ui}</ApiClientProvider>
    </QueryClientProvider>,
  );
}
