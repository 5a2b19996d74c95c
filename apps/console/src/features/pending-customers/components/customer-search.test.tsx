import type { Customer, CustomerUser } from '@boon/contracts';
import { axeViolations } from '@boon/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { customer } from '../../../test/customers';
import { jsonResponse, renderWithApi } from '../../../test/render-with-api';
import { CustomerSearch } from './customer-search';

const BASE = '/api/customer-management';
const acme: Customer = {
  ...customer('C-ACME0001', 'Acme Rewards Ltd'),
  customerFeatureFlags: {
    balances: { enabled: true, floats: ['USD', 'GBP'], cardFees: true },
    fx: true,
    breakage: false,
    discounts: true,
  },
  discountConfig: { flatRateMultiplier: '0.97' },
};
const newco: Customer = { ...customer('C-NEWCO001', 'Newco Trial Inc'), playgroundMode: true };
const members: CustomerUser[] = [
  {
    id: 'U-ACMEOWNER',
    firstName: 'Olivia',
    lastName: 'Owner',
    emailAddress: 'owner@acme.test',
    roles: ['owner'],
    emailVerified: true,
  },
];

function serve(options: { fail?: boolean } = {}) {
  const calls: { path: string; search: string | null; customerHeader: string | null }[] = [];
  const json = jsonResponse;
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://console.test');
    const path = url.pathname.slice(BASE.length);
    const headers = new Headers(init?.headers);
    calls.push({
      path,
      search: url.searchParams.get('search'),
      customerHeader: headers.get('x-customer-id'),
    });
    if (options.fail) return json({ status: 503, code: 'x', message: 'Service Unavailable' }, 503);
    if (path === '/customers') {
      const text = (url.searchParams.get('search') ?? '').toLowerCase();
      return json(
        [acme, newco].filter(
          (c) =>
            c.customerName.toLowerCase().includes(text) ||
            c.customerId.toLowerCase().includes(text),
        ),
      );
    }
    if (path === '/customer/C-ACME0001') return json(acme);
    if (path === '/customer/C-ACME0001/users') return json(members);
    return json({ status: 404, code: 'not_found', message: 'Not Found' }, 404);
  });
  const view = renderWithApi(<CustomerSearch />, { baseUrls: { customerManagement: BASE }, fetch });
  return { calls, view };
}

describe('CustomerSearch', () => {
  it('asks nothing until staff search, then finds customers by name and opens one', async () => {
    const { calls, view } = serve();
    expect(screen.getByRole('heading', { level: 2, name: 'All customers' })).toBeVisible();
    expect(calls).toEqual([]);
    expect(await axeViolations(view.container)).toEqual([]);

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Name or customer id' }), 'acme{Enter}');
    expect(await screen.findByRole('cell', { name: 'Acme Rewards Ltd' })).toBeVisible();
    expect(screen.queryByRole('cell', { name: 'Newco Trial Inc' })).toBeNull();
    expect(calls.at(-1)).toMatchObject({ path: '/customers', search: 'acme' });

    screen.getByRole('button', { name: 'Open Acme Rewards Ltd' }).focus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Acme Rewards Ltd' });
    expect(await within(drawer).findByText('USD, GBP')).toBeVisible();
    expect(within(drawer).getByText('0.97')).toBeVisible();
    expect(within(drawer).getByText(/owner@acme\.test/)).toHaveTextContent(
      'Olivia Owner (owner@acme.test): Owner',
    );
    // Staff act for the opened customer, whatever customer the console has selected.
    expect(calls.filter((c) => c.path.startsWith('/customer/'))).toEqual([
      { path: '/customer/C-ACME0001', search: null, customerHeader: 'C-ACME0001' },
      { path: '/customer/C-ACME0001/users', search: null, customerHeader: 'C-ACME0001' },
    ]);
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('lists every customer for an empty search, with their standing', async () => {
    serve();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Find customers' }));
    expect(await screen.findByRole('cell', { name: 'Newco Trial Inc' })).toBeVisible();
    expect(screen.getByRole('cell', { name: 'Playground' })).toBeVisible();
    expect(screen.getByRole('cell', { name: 'Active' })).toBeVisible();
  });

  it('says so when the search fails', async () => {
    serve({ fail: true });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Find customers' }));
    expect(
      await screen.findByText("We couldn't find customers: Service Unavailable"),
    ).toBeVisible();
  });
});
