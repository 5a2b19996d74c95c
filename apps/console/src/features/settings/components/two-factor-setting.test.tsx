import type { Endpoint } from '@boon/contracts';
import type { UserMe } from '@boon/contracts';
import { axeViolations } from '@boon/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClientProvider, type ApiClient, ApiError } from '@boon/console-kit';
import { useAppStore } from '@boon/console-kit/shell';
import {
  customer,
  fakeAuth,
  renderConsole,
  serveSession,
  testUser,
} from '@boon/console-kit/testing';
import { TwoFactorSetting, twoFactorSettingsUrl } from './two-factor-setting';

const acme = customer('C-ACME0001', 'Acme Rewards Ltd');
const origin = window.location.origin;
/** Where the link leads: the provider's page, coming back to Settings. */
const providerPage = `${origin}/idp/account/two-factor?return_to=${encodeURIComponent(
  `${origin}/user/settings`,
)}`;

beforeEach(() => {
  localStorage.clear();
  useAppStore.getState().reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Settings as the signed-in console shows it, with the two-factor item opened by keyboard. */
async function openSettings(me: UserMe) {
  serveSession([acme], me);
  const view = await renderConsole('/user/settings', fakeAuth());
  const user = userEvent.setup();
  const trigger = await screen.findByRole('button', { name: 'Two-factor authentication' });
  expect(trigger).toHaveAttribute('aria-expanded', 'false');
  trigger.focus();
  await user.keyboard('{Enter}');
  expect(trigger).toHaveAttribute('aria-expanded', 'true');
  return { ...view, user };
}

describe('Settings: Two-factor authentication', () => {
  it('is a closed item after "Your timezone", which stays the one open on load', async () => {
    serveSession([acme]);
    await renderConsole('/user/settings', fakeAuth());
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Your timezone',
      'Two-factor authentication',
    ]);
    expect(screen.getByRole('button', { name: 'Your timezone' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Two-factor authentication' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('says Off and links to set it up at the identity provider, coming back here', async () => {
    const { user } = await openSettings(testUser({ mfaEnabled: false }));

    expect(screen.getByText(/^Two-factor authentication:/)).toHaveTextContent(
      'Two-factor authentication: Off',
    );
    const link = screen.getByRole('link', { name: 'Set up two-factor authentication' });
    expect(link).toHaveAttribute('href', providerPage);
    expect(screen.queryByRole('link', { name: 'Manage two-factor authentication' })).toBeNull();

    // Keyboard path: from the item's button, Tab reaches the link.
    await user.tab();
    expect(link).toHaveFocus();
    expect(await axeViolations()).toEqual([]);
  });

  it('says On and links to manage it', async () => {
    await openSettings(testUser({ mfaEnabled: true }));

    expect(screen.getByText(/^Two-factor authentication:/)).toHaveTextContent(
      'Two-factor authentication: On',
    );
    expect(screen.getByRole('link', { name: 'Manage two-factor authentication' })).toHaveAttribute(
      'href',
      providerPage,
    );
    expect(screen.queryByRole('link', { name: 'Set up two-factor authentication' })).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });
});

describe('TwoFactorSetting on its own', () => {
  /** An API client whose /user/me answers come from `answers`, one call each. */
  function renderWith(answers: Array<() => Promise<unknown>>) {
    const calls: string[] = [];
    const api = {
      call: async (endpoint: Endpoint) => {
        calls.push(endpoint.path);
        if (endpoint.path === '/customer') return [acme];
        const next = answers.shift();
        if (!next) throw new Error(`unexpected call to ${endpoint.path}`);
        return next();
      },
    } as unknown as ApiClient;
    useAppStore.getState().setCustomerId('C-ACME0001');
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={api}>
          <TwoFactorSetting />
        </ApiClientProvider>
      </QueryClientProvider>,
    );
    return calls;
  }

  it('says it is loading while /user/me has not answered', async () => {
    renderWith([() => new Promise(() => {})]);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Loading your two-factor authentication setting…',
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('says why it could not load, and tries again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls = renderWith([
      async () => {
        throw new ApiError(503, 'service_unavailable', 'Service Unavailable');
      },
      async () => testUser({ mfaEnabled: true }),
    ]);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      "We couldn't load your two-factor authentication setting: Boon isn't available right now. Try again in a few minutes.",
    );
    expect(await axeViolations()).toEqual([]);

    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Manage two-factor authentication' })).toBeVisible(),
    );
    expect(calls.filter((path) => path === '/user/me')).toHaveLength(2);
  });
});

describe('twoFactorSettingsUrl', () => {
  it("is the provider's page with the console page to come back to", () => {
    expect(
      twoFactorSettingsUrl(
        'https://id.example.com/tenant/',
        'https://boon.example.com/user/settings',
      ),
    ).toBe(
      'https://id.example.com/tenant/account/two-factor?return_to=https%3A%2F%2Fboon.example.com%2Fuser%2Fsettings',
    );
  });
});
