import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore, useFeatureToggleStore } from '@boon/console-kit/shell';
import { customerManagementApi as cm } from '@boon/contracts';
import {
  customer,
  fakeAuth,
  mockApi,
  mockEndpoint,
  onApiRequest,
  renderConsole,
  ownerMe,
  serveLastCustomer,
  serveSession,
} from '@boon/console-kit/testing';

const acme = customer('C-ACME0001', 'Acme Rewards Ltd');
const globex = customer('C-GLOBEX01', 'Globex Corporation');

function entries() {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('the sidebar in the running console (spec 2.1)', () => {
  beforeEach(() => {
    localStorage.clear();
    useAppStore.getState().reset();
    useFeatureToggleStore.getState().resetToggles();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows a customer user the entries of this build, without the staff gear', async () => {
    serveSession([acme]);
    await renderConsole('/', fakeAuth());

    expect(entries()).toEqual(['Home', 'Order history', 'Team', 'Settings', 'Help']);
    expect(screen.queryByRole('link', { name: 'Feature toggles' })).toBeNull();
    // Spec 2.1: with write:orders, "create new reward" opens order-type-selection.
    expect(screen.getByRole('link', { name: 'Create new reward' })).toHaveAttribute(
      'href',
      '/order/type',
    );
  });

  it('hides Settings when its toggle is off', async () => {
    serveSession([acme]);
    useFeatureToggleStore.getState().setToggle('userSettings', false);
    await renderConsole('/', fakeAuth());

    expect(entries()).toEqual(['Home', 'Order history', 'Team', 'Help']);
  });

  it('gives staff the gear to the feature toggles, and Debug and Design once switched on', async () => {
    serveSession(null, { ...ownerMe, isStaff: true, customerIds: [], roles: [], permissions: [] });
    // Staff's Home counts the approval queue.
    mockApi(mockEndpoint(cm.listPendingCustomers, () => ({ items: [], nextCursor: null })));
    useFeatureToggleStore.getState().setToggle('debugViews', true);
    useFeatureToggleStore.getState().setToggle('designViews', true);
    await renderConsole('/', fakeAuth());

    expect(screen.getByRole('link', { name: 'Feature toggles' })).toHaveAttribute(
      'href',
      '/debug/features',
    );
    expect(entries()).toEqual([
      'Home',
      'Customers',
      'Bank transfers',
      'Mailbox',
      'Debug',
      'Settings',
      'Help',
    ]);
    const design = screen.getByRole('button', { name: 'Design' });
    expect(design).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(design);
    expect(design).toHaveAttribute('aria-expanded', 'true');
    expect(entries()).toEqual([
      'Home',
      'Customers',
      'Bank transfers',
      'Mailbox',
      'Debug',
      'Component library',
      'Theme',
      'Settings',
      'Help',
    ]);
  });

  it('switches customer: a token for the new customer, then its user data', async () => {
    const requests = serveSession([acme, globex]);
    useAppStore.getState().setCustomerId('C-ACME0001');
    const order: string[] = [];
    const auth = fakeAuth({
      ensureCustomerToken: vi.fn(async (customerId?: string | null) => {
        order.push(`token for ${customerId ?? useAppStore.getState().customerId}`);
        return true;
      }),
    });
    await renderConsole('/', auth);

    // The list of several customers loads on demand (sidebar-customer-switcher.tsx).
    const select = await screen.findByRole('combobox', { name: 'Customer' });
    expect(select).toHaveTextContent('Acme Rewards Ltd');
    onApiRequest((request) => {
      if (request.url.endsWith('/user/me')) {
        order.push(`user/me for ${request.headers.get('x-customer-id')}`);
      }
    });
    order.length = 0;
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'Globex Corporation' }));

    await waitFor(() => expect(order).toContain('user/me for C-GLOBEX01'));
    expect(order.slice(0, 2)).toEqual(['token for C-GLOBEX01', 'user/me for C-GLOBEX01']);
    expect(order).not.toContain('user/me for C-ACME0001');
    expect(requests.length).toBeGreaterThan(0);
    expect(useAppStore.getState().customerId).toBe('C-GLOBEX01');
  });

  it('announces the switch, and remembers it on the server for the next visit', async () => {
    serveSession([acme, globex]);
    const server = serveLastCustomer('C-ACME0001');
    await renderConsole('/', fakeAuth());

    // The list of several customers loads on demand (sidebar-customer-switcher.tsx).
    const select = await screen.findByRole('combobox', { name: 'Customer' });
    expect(select).toHaveTextContent('Acme Rewards Ltd');
    // The live region is there, empty, before anything is said in it.
    const region = screen.getByRole('banner').querySelector('[aria-live="polite"]');
    expect(region).toBeEmptyDOMElement();
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'Globex Corporation' }));

    await waitFor(() => expect(region).toHaveTextContent('Now working in Globex Corporation'));
    await waitFor(() => expect(server.puts).toEqual(['C-GLOBEX01']));
  });

  it('starts in the customer last chosen on any browser, over this browser’s own choice', async () => {
    serveSession([acme, globex], ownerMe, { lastCustomer: 'C-GLOBEX01' });
    useAppStore.getState().setCustomerId('C-ACME0001');
    await renderConsole('/', fakeAuth());

    expect(useAppStore.getState().customerId).toBe('C-GLOBEX01');
    expect(await screen.findByRole('combobox', { name: 'Customer' })).toHaveTextContent(
      'Globex Corporation',
    );
  });

  it('falls back to the spec’s rule when the last customer is no longer the user’s', async () => {
    serveSession([acme, globex], ownerMe, { lastCustomer: 'C-OTHER001' });
    await renderConsole('/', fakeAuth());

    expect(useAppStore.getState().customerId).toBeNull();
    expect(await screen.findByRole('combobox', { name: 'Customer' })).toHaveTextContent(
      'Select a customer',
    );
    expect(within(screen.getByRole('banner')).getByText('Please select customer')).toBeVisible();
  });

  it('follows a customer switch made in another tab', async () => {
    const requests = serveSession([acme, globex]);
    useAppStore.getState().setCustomerId('C-ACME0001');
    await renderConsole('/', fakeAuth());

    // Another tab chose Globex: localStorage changed and this tab got a storage event.
    const key = 'boon.customer-id';
    const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as { state: object };
    localStorage.setItem(
      key,
      JSON.stringify({ ...stored, state: { ...stored.state, customerId: 'C-GLOBEX01' } }),
    );
    window.dispatchEvent(new StorageEvent('storage', { key }));

    await waitFor(() => expect(useAppStore.getState().customerId).toBe('C-GLOBEX01'));
    await waitFor(() =>
      expect(
        requests.some(
          (r) => r.url.endsWith('/user/me') && r.headers.get('x-customer-id') === 'C-GLOBEX01',
        ),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Customer' })).toHaveTextContent(
        'Globex Corporation',
      ),
    );
  });

  it('closes behind a menu button on small screens', async () => {
    serveSession([acme]);
    await renderConsole('/', fakeAuth());

    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');

    // Following a link closes it, and the focus ends on the new page's heading in its content
    // (closing the menu puts it on the content first; the route change then moves it to the h1).
    await userEvent.click(screen.getByRole('link', { name: 'Help' }));
    await waitFor(() => expect(menu).toHaveAttribute('aria-expanded', 'false'));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(screen.getByRole('main')).getByRole('heading', { level: 1 }),
      ),
    );
  });
});
