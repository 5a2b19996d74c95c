import type { UserMe } from '@boon/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../state/app-store';
import { customer } from '../test/customers';
import { multiUser } from '../test/users';
import { fakeAuth } from '../test/fake-auth';
import { renderConsole } from '../test/render-console';

const me: UserMe = multiUser();

/** Answers the customer management service the way the server does, recording each request. */
function serveCustomers(customers: unknown[]) {
  const requests: Array<{ url: string; headers: Headers }> = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = String(url);
    requests.push({ url: path, headers: new Headers(init?.headers) });
    const body = path.endsWith('/customer') ? customers : me;
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return requests;
}

describe('the signed-in layout', () => {
  beforeEach(() => {
    localStorage.clear();
    useAppStore.getState().reset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('has a skip link, the logo linking home, the customer, Home and Log Out', async () => {
    serveCustomers([customer('C-ACME0001', 'Acme Rewards Ltd')]);
    await renderConsole('/', fakeAuth());

    const skipLink = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skipLink).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('link', { name: 'Boon home' })).toHaveAttribute('href', '/');

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeVisible();

    const banner = screen.getByRole('banner');
    expect(await within(banner).findByText('Acme Rewards Ltd')).toBeVisible();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Morgan' })).toBeVisible();
    expect(document.title).toBe('Home · Boon');
  });

  it('selects the only customer and sends it with later calls', async () => {
    const requests = serveCustomers([customer('C-ACME0001', 'Acme Rewards Ltd')]);
    await renderConsole('/', fakeAuth());

    await waitFor(() => expect(useAppStore.getState().customerId).toBe('C-ACME0001'));
    await waitFor(() =>
      expect(requests.some((request) => request.url.endsWith('/user/me'))).toBe(true),
    );
    const userMe = requests.find((request) => request.url.endsWith('/user/me'));
    expect(userMe?.headers.get('x-customer-id')).toBe('C-ACME0001');
    expect(userMe?.headers.get('Authorization')).toBe('Bearer access-token');
    const customerList = requests.find((request) => request.url.endsWith('/customer'));
    expect(customerList?.headers.has('x-customer-id')).toBe(false);
  });

  it('lets a user with several customers choose one', async () => {
    serveCustomers([
      customer('C-GLOBEX01', 'Globex Corporation'),
      customer('C-ACME0001', 'Acme Rewards Ltd'),
    ]);
    await renderConsole('/', fakeAuth());

    const select = await screen.findByRole('combobox', { name: 'Customer' });
    expect(within(screen.getByRole('banner')).getByText('Please select customer')).toBeVisible();

    await userEvent.selectOptions(select, 'Globex Corporation');

    expect(useAppStore.getState().customerId).toBe('C-GLOBEX01');
    expect(await within(screen.getByRole('main')).findByText('Globex Corporation')).toBeVisible();
  });

  it('records staff flag and permissions from /user/me', async () => {
    serveCustomers([customer('C-ACME0001', 'Acme Rewards Ltd')]);
    await renderConsole('/', fakeAuth());

    await waitFor(() =>
      expect(useAppStore.getState().userPermissions).toEqual(['read:orders', 'write:orders']),
    );
    expect(useAppStore.getState().isUserStaff).toBe(false);
  });

  it('goes to /logout from "Log Out"', async () => {
    serveCustomers([customer('C-ACME0001', 'Acme Rewards Ltd')]);
    const auth = fakeAuth();
    const { router } = await renderConsole('/', auth);

    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/logout'));
    expect(auth.signOut).toHaveBeenCalled();
  });
});
