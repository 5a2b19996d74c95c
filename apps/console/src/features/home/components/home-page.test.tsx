import type { Endpoint } from '@boon/contracts';
import type { CustomerId, UserMe } from '@boon/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiClient, ApiClientProvider, ApiError } from '@boon/console-kit';
import { useAppStore } from '@boon/console-kit/shell';
import { customer, testUser } from '@boon/console-kit/testing';
import { HomePage } from './home-page';

const olivia: UserMe = testUser({ id: 'U-OLIVIA01', permissions: ['read:orders'] });

type Answer = unknown | Error;

function renderHome(answers: { customers: Answer; user?: Answer }) {
  const request = vi.fn(async ({ path }: Endpoint) => {
    const answer = path === '/customer' ? answers.customers : (answers.user ?? olivia);
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const client = { call: request } as unknown as ApiClient;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>
        <HomePage />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return { request };
}

describe('HomePage', () => {
  afterEach(() => {
    useAppStore.getState().reset();
    vi.restoreAllMocks();
  });

  it('greets the user by first name and names the selected customer', async () => {
    useAppStore.getState().setCustomerId('C-ACME0001' as CustomerId);
    renderHome({ customers: [customer('C-ACME0001', 'Acme Rewards Ltd')] });

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Olivia' })).toBeVisible();
    expect(screen.getByText('Acme Rewards Ltd')).toBeVisible();
    expect(screen.getByText('C-ACME0001')).toBeVisible();
    expect(await screen.findByText('Owner')).toBeVisible();
  });

  it('shows that it is loading until the answers arrive', () => {
    renderHome({ customers: new Promise(() => {}) });

    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
    expect(screen.getByText('Loading your customers…')).toBeVisible();
  });

  it('explains when the user has no customer yet', async () => {
    renderHome({ customers: new ApiError(404, 'no_customers_found', 'No customers found') });

    expect(await screen.findByText("You don't belong to a customer yet.")).toBeVisible();
  });

  it('asks for a choice when the user has several customers and none is chosen', async () => {
    renderHome({
      customers: [
        customer('C-ACME0001', 'Acme Rewards Ltd'),
        customer('C-GLOBEX01', 'Globex Corporation'),
      ],
    });

    expect(await screen.findByText('Please select customer')).toBeVisible();
  });

  it('says so when the customers cannot be loaded, and offers a retry', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderHome({ customers: new ApiError(503, 'service_unavailable', 'Service Unavailable') });

    expect(
      await screen.findByText(
        "We couldn't load your customers: Boon isn't available right now. Try again in a few minutes.",
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('says so when the account cannot be loaded', async () => {
    useAppStore.getState().setCustomerId('C-ACME0001' as CustomerId);
    renderHome({
      customers: [customer('C-ACME0001', 'Acme Rewards Ltd')],
      user: new ApiError(404, 'user_not_found', "User doesn't exist for you"),
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load your account: User doesn't exist for you",
    );
  });
});
