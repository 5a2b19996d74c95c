import type { Customer, UserMe } from '@boon/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '@boon/console-kit/shell';
import {
  customer,
  multiUser,
  fakeAuth,
  renderConsole,
  serveSession,
} from '@boon/console-kit/testing';

const me: UserMe = multiUser();

/** Answers the session's calls the way the server does, recording each request. */
function serveCustomers(customers: Customer[]) {
  return serveSession(customers, me);
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
    // Once, in the sidebar: the phone's top bar names it only on a phone.
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

  it('names the customer in the top bar on a phone, outside the menu that folds away', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 767.98px)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    serveCustomers([customer('C-ACME0001', 'Acme Rewards Ltd')]);
    await renderConsole('/', fakeAuth());

    const named = await within(screen.getByRole('banner')).findAllByText('Acme Rewards Ltd');
    expect(named).toHaveLength(2);
    const menu = screen.getByRole('button', { name: 'Menu' });
    const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect(named.filter((element) => !panel?.contains(element))).toHaveLength(1);
  });

  it('lets a user with several customers choose one', async () => {
    serveCustomers([
      customer('C-GLOBEX01', 'Globex Corporation'),
      customer('C-ACME0001', 'Acme Rewards Ltd'),
    ]);
    await renderConsole('/', fakeAuth());

    const select = await screen.findByRole('combobox', { name: 'Customer' });
    expect(within(screen.getByRole('banner')).getByText('Please select customer')).toBeVisible();

    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'Globex Corporation' }));

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
