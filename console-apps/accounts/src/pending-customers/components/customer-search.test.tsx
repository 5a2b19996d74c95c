import {
  customerManagementApi as cm,
  type Customer,
  type CustomerUser,
  type Endpoint,
} from '@boon/contracts';
import { axeViolations } from '@boon/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  customer,
  mockApi,
  mockEndpoint,
  recordedCall,
  renderWithApi,
  type EndpointResolver,
} from '@boon/console-kit/testing';
import { CustomerSearch } from './customer-search';

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
    blocked: false,
  },
  {
    id: 'U-ACMEBLOCKED',
    firstName: 'Ben',
    lastName: 'Cole',
    emailAddress: 'blocked@acme.test',
    roles: ['viewer'],
    emailVerified: true,
    blocked: true,
  },
];

function serve(options: { fail?: boolean } = {}) {
  const calls: { path: string; search: string | null; customerHeader: string | null }[] = [];
  /** Records the call, and answers it with an outage when the test asks for one. */
  const serveEndpoint = <E extends Endpoint>(endpoint: E, resolver: NoInfer<EndpointResolver<E>>) =>
    mockEndpoint(endpoint, (request) => {
      calls.push({
        path: recordedCall(endpoint, request).path,
        search: request.url.searchParams.get('search'),
        customerHeader: request.customerId,
      });
      return options.fail ? apiError('service_unavailable') : resolver(request);
    });
  mockApi(
    serveEndpoint(cm.searchCustomers, ({ query }) => {
      const text = (query.search ?? '').toLowerCase();
      return [acme, newco].filter(
        (c) =>
          c.customerName.toLowerCase().includes(text) || c.customerId.toLowerCase().includes(text),
      );
    }),
    serveEndpoint(cm.getCustomer, ({ params }) =>
      params.customerId === acme.customerId ? acme : apiError('no_customers_found'),
    ),
    serveEndpoint(cm.listCustomerUsers, ({ params }) =>
      params.customerId === acme.customerId ? members : apiError('not_found'),
    ),
  );
  const view = renderWithApi(<CustomerSearch />);
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
    // The multiplier 0.97 as the discount it gives.
    expect(within(drawer).getByText('3%')).toBeVisible();
    expect(within(drawer).getByText(/owner@acme\.test/)).toHaveTextContent(
      'Olivia Owner (owner@acme.test): Owner',
    );
    expect(within(drawer).getByText(/blocked@acme\.test/)).toHaveTextContent(
      'Ben Cole (blocked@acme.test): Viewer Blocked',
    );
    // Staff act for the opened customer, whatever customer the console has selected.
    expect(calls.filter((c) => c.path.startsWith('/customer/'))).toEqual([
      // The path names the customer staff act for; no header names another.
      { path: '/customer/C-ACME0001', search: null, customerHeader: null },
      { path: '/customer/C-ACME0001/users', search: null, customerHeader: null },
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
      await screen.findByText(
        "We couldn't find customers: Boon isn't available right now. Try again in a few minutes.",
      ),
    ).toBeVisible();
  });
});
