import {
  customerManagementApi as cm,
  type Endpoint,
  type PendingCustomer,
  type PendingCustomerStatus,
} from '@boon/contracts';
import { axeViolations } from '@boon/ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  customer,
  isApiErrorAnswer,
  mockApi,
  mockEndpoint,
  recordedCall,
  renderWithApiAt,
  useAppStore,
  type EndpointResolver,
  type RecordedCall,
} from '@boon/console-kit/testing';
import { PendingCustomersPage } from './pending-customers-page';

function pending(
  id: string,
  companyName: string,
  approvalStatus: PendingCustomerStatus = 'PENDING',
  application: Partial<PendingCustomer['application']> = {},
): PendingCustomer {
  return {
    pendingCustomerId: id,
    companyName,
    domain: `${companyName.toLowerCase().replace(/\W/g, '')}.test`,
    requestedBy: { userId: `U-${id}`, emailAddress: `owner@${id.toLowerCase()}.test` },
    approvalStatus,
    onboardingTaskState: 'COMPLETE',
    application: {
      country: 'US',
      companySize: '51-200',
      website: `https://${companyName.toLowerCase().replace(/\W/g, '')}.test`,
      rewardNeed: 'within-30-days',
      useCases: ['employee-rewards', 'sales-incentives'],
      ...application,
    },
    createdAt: '2026-03-04T10:15:00Z',
  };
}

/**
 * Answers the pending-customer calls the way the service does: sorted by company name, filtered
 * by status and case-insensitive prefix, cursor = the index to start from; approve and decline
 * change the stored status (409 when no longer open). `fail` answers every list call with a 503.
 */
async function servePendingCustomers(
  initial: PendingCustomer[],
  options: { fail?: boolean; url?: string } = {},
) {
  const store = initial.map((item) => ({ ...item }));
  const calls: RecordedCall[] = [];
  const serve = <E extends Endpoint>(endpoint: E, resolver: NoInfer<EndpointResolver<E>>) =>
    mockEndpoint(endpoint, (request) => {
      calls.push(recordedCall(endpoint, request));
      return resolver(request);
    });
  /** The open request of `pendingCustomerId`, or why it cannot be decided. */
  const openRequest = (pendingCustomerId: string) => {
    const target = store.find((item) => item.pendingCustomerId === pendingCustomerId);
    if (!target) return apiError('not_found');
    if (target.approvalStatus === 'APPROVED') return apiError('pending_customer_already_approved');
    if (target.approvalStatus === 'DECLINED') return apiError('pending_customer_already_declined');
    return target;
  };
  mockApi(
    serve(cm.listPendingCustomers, ({ query }) => {
      if (options.fail) return apiError('service_unavailable');
      const prefix = query.customer_name_begins_with?.toLowerCase() ?? '';
      const cursor = query.cursor ?? '0';
      if (!/^\d+$/.test(cursor)) {
        return apiError('validation_error', [
          { path: 'querystring.cursor', message: 'Invalid cursor' },
        ]);
      }
      const start = Number(cursor);
      const matches = store
        .filter((item) => !query.status || item.approvalStatus === query.status)
        .filter((item) => item.companyName.toLowerCase().startsWith(prefix))
        .sort((a, b) => a.companyName.localeCompare(b.companyName));
      const items = matches.slice(start, start + query.limit);
      const more = start + query.limit < matches.length;
      return { items, nextCursor: more ? String(start + query.limit) : null };
    }),
    serve(cm.searchCustomers, ({ query }) => {
      const text = query.search?.toLowerCase() ?? '';
      return customers.filter((c) => c.customerName.toLowerCase().includes(text));
    }),
    serve(cm.approvePendingCustomer, ({ body }) => {
      const target = openRequest(body.pendingCustomerId);
      if (isApiErrorAnswer(target)) return target;
      target.approvalStatus = 'APPROVED';
      return customer('C-NEW00001', target.companyName);
    }),
    serve(cm.declinePendingCustomer, ({ body }) => {
      const target = openRequest(body.pendingCustomerId);
      if (isApiErrorAnswer(target)) return target;
      target.approvalStatus = 'DECLINED';
      return target;
    }),
  );
  const { router, ...view } = await renderWithApiAt(
    options.url ?? '/admin/pending-customers',
    <PendingCustomersPage />,
  );
  const listCalls = () => calls.filter((call) => call.path === '/pending-customer');
  return { calls, listCalls, store, view, router };
}

const customers = [customer('C-ACME0001', 'Acme Rewards Ltd'), customer('C-GLOBEX01', 'Globex')];

/** The body rows' cells as text, company name first. */
function companies() {
  const rows = screen.getAllByRole('row').slice(1);
  return rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

function rowOf(company: string) {
  const cell = screen.getByRole('cell', { name: company });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${company}`);
  return within(row);
}

const initech = pending('P-INITECH1', 'Initech');
const jupiter = pending('P-JUPITER1', 'Jupiter Mining', 'PENDING', {
  country: 'GB',
  companySize: null,
  website: null,
  rewardNeed: null,
  useCases: [],
});
const hooli = pending('P-HOOLI001', 'Hooli', 'NEW');
const umbrella = pending('P-UMBRELLA', 'Umbrella', 'APPROVED');
const wayne = pending('P-WAYNE001', 'Wayne Enterprises', 'DECLINED');

afterEach(() => {
  useAppStore.getState().reset();
  vi.restoreAllMocks();
});

describe('PendingCustomersPage', () => {
  it('offers no decision while a request is being set up, and only decline when set-up failed', async () => {
    await servePendingCustomers(
      [
        { ...pending('P-NEWCO001', 'Newcomer', 'NEW'), onboardingTaskState: 'STARTED' },
        { ...pending('P-BROKEN01', 'Broken', 'NEW'), onboardingTaskState: 'ERROR' },
        initech,
      ],
      { url: '/admin/pending-customers?status=ALL' },
    );
    expect(await screen.findByRole('cell', { name: 'Newcomer' })).toBeVisible();
    // The Onboarding task column says why.
    expect(rowOf('Newcomer').queryByRole('button')).toBeNull();
    expect(rowOf('Newcomer').getByText('In progress')).toBeVisible();
    expect(rowOf('Broken').getByText('Failed')).toBeVisible();
    expect(rowOf('Broken').queryByRole('button', { name: 'Approve Broken' })).toBeNull();
    expect(rowOf('Broken').getByRole('button', { name: 'Decline Broken' })).toBeVisible();
    expect(rowOf('Initech').getByRole('button', { name: 'Approve Initech' })).toBeVisible();
  });

  it('opens on the requests waiting for a decision (Pending), with no counter on the search', async () => {
    const { listCalls, router } = await servePendingCustomers([initech, hooli, umbrella, wayne]);
    await waitFor(() => expect(companies()).toEqual(['Initech']));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('PENDING');
    expect(
      within(screen.getByRole('combobox', { name: 'Status' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Pending', 'New', 'Approved', 'Declined', 'All']);
    expect(listCalls()[0]?.query.get('status')).toBe('PENDING');
    expect(router.state.location.pathname).toBe('/admin/pending-customers');
    // Search boxes show no "count/max" counter.
    expect(screen.getByRole('textbox', { name: 'Company name begins with' })).toHaveAttribute(
      'maxlength',
    );
    expect(document.body).not.toHaveTextContent(/\d+\/\d+/);
  });

  it('lists pending customers with their details and actions only for open ones', async () => {
    vi.spyOn(window.navigator, 'language', 'get').mockReturnValue('en-GB');
    useAppStore.getState().setTimezoneOverride('Etc/UTC');
    const { listCalls } = await servePendingCustomers([initech, hooli, umbrella, wayne], {
      url: '/admin/pending-customers?status=ALL',
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    expect(screen.getByText('Loading…')).toBeVisible();
    expect(await screen.findByRole('cell', { name: 'Initech' })).toBeVisible();
    expect(companies()).toEqual(['Hooli', 'Initech', 'Umbrella', 'Wayne Enterprises']);

    const row = rowOf('Initech');
    expect(row.getByText('initech.test')).toBeVisible();
    expect(row.getByText('owner@p-initech1.test')).toBeVisible();
    // Statuses in words, not the contract's codes.
    expect(row.getByText('Pending')).toBeVisible();
    expect(row.getByText('Complete')).toBeVisible();
    expect(rowOf('Hooli').getByText('New')).toBeVisible();
    expect(rowOf('Umbrella').getByText('Approved')).toBeVisible();
    expect(rowOf('Wayne Enterprises').getByText('Declined')).toBeVisible();
    expect(document.body).not.toHaveTextContent(/PENDING|COMPLETE|APPROVED|DECLINED/);
    expect(row.getByText(/4 Mar 2026.*10:15/)).toBeVisible();
    expect(row.getByRole('button', { name: 'Approve Initech' })).toBeVisible();
    expect(rowOf('Hooli').getByRole('button', { name: 'Decline Hooli' })).toBeVisible();
    expect(rowOf('Umbrella').queryByRole('button')).toBeNull();
    expect(rowOf('Wayne Enterprises').queryByRole('button')).toBeNull();

    const first = listCalls()[0];
    expect(first?.query.get('limit')).toBe('25');
    expect(first?.query.has('status')).toBe(false);
    expect(first?.query.has('cursor')).toBe(false);
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('says "No record found." when nothing matches', async () => {
    await servePendingCustomers([]);
    expect(await screen.findByText('No record found.')).toBeVisible();
  });

  it('says so when the list cannot be loaded', async () => {
    await servePendingCustomers([initech], { fail: true });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load pending customers: Boon isn't available right now. Try again in a few minutes.",
    );
  });

  it('filters by status and by company name prefix', async () => {
    const user = userEvent.setup();
    const { listCalls } = await servePendingCustomers([initech, hooli, umbrella, wayne]);
    await screen.findByRole('cell', { name: 'Initech' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Approved');
    await waitFor(() => expect(companies()).toEqual(['Umbrella']));
    expect(listCalls().at(-1)?.query.get('status')).toBe('APPROVED');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    await waitFor(() => expect(companies()).toHaveLength(4));

    await user.type(screen.getByRole('textbox', { name: 'Company name begins with' }), 'ini');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(companies()).toEqual(['Initech']));
    expect(listCalls().at(-1)?.query.get('customer_name_begins_with')).toBe('ini');
    expect(listCalls().at(-1)?.query.has('status')).toBe(false);
  });

  it('pages forwards by cursor and back by the cursors it kept', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 30 }, (_, index) =>
      pending(`P-${String(index).padStart(4, '0')}`, `Company ${String(index).padStart(2, '0')}`),
    );
    const { listCalls } = await servePendingCustomers(many);
    await screen.findByRole('cell', { name: 'Company 00' });
    expect(companies()).toHaveLength(25);
    const previous = screen.getByRole('button', { name: 'Previous page' });
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();

    await user.click(next);
    await waitFor(() => expect(companies()[0]).toBe('Company 25'));
    expect(companies()).toHaveLength(5);
    expect(listCalls().at(-1)?.query.get('cursor')).toBe('25');
    expect(next).toBeDisabled();
    expect(previous).toBeEnabled();

    await user.click(previous);
    await waitFor(() => expect(companies()[0]).toBe('Company 00'));
    expect(previous).toBeDisabled();

    // A new filter starts again from the first page.
    await user.click(next);
    await waitFor(() => expect(companies()[0]).toBe('Company 25'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    await waitFor(() => expect(companies()[0]).toBe('Company 00'));
    expect(listCalls().at(-1)?.query.has('cursor')).toBe(false);
  });

  it('shows what the requester told us, and starts from settings that let the customer transact', async () => {
    const user = userEvent.setup();
    await servePendingCustomers([initech, jupiter]);
    await user.click(await screen.findByRole('button', { name: 'Approve Initech' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Initech' });
    const told = within(within(dialog).getByRole('region', { name: 'What the requester told us' }));
    const answers = Object.fromEntries(
      told.getAllByRole('term').map((term) => [term.textContent, term.nextSibling?.textContent]),
    );
    expect(answers).toEqual({
      'Requested by': 'owner@p-initech1.test',
      Domain: 'initech.test',
      Country: 'United States',
      'Company size': '51-200 employees',
      Website: 'https://initech.test (opens in a new tab)',
      'Needs to send rewards': 'Within 30 days',
      'Will use rewards for': 'Employee rewards and recognition; Sales and channel incentives',
    });
    expect(told.getByRole('link', { name: /initech\.test/ })).toHaveAttribute(
      'href',
      'https://initech.test/',
    );
    // Balances and FX on, a float in the country's currency.
    expect(within(dialog).getByRole('checkbox', { name: 'Balances enabled' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'FX enabled' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'USD' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'GBP' })).not.toBeChecked();
    expect(await axeViolations(document.body)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // A British company starts in pounds; what it was never asked says so.
    await user.click(screen.getByRole('button', { name: 'Approve Jupiter Mining' }));
    const british = screen.getByRole('dialog', { name: 'Approve Jupiter Mining' });
    expect(within(british).getByRole('checkbox', { name: 'GBP' })).toBeChecked();
    expect(within(british).getByRole('checkbox', { name: 'USD' })).not.toBeChecked();
    expect(
      within(british)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('aria-label') ?? box.closest('label')?.textContent),
    ).toContain('GBP');
    expect(within(british).getByText('United Kingdom')).toBeVisible();
    expect(within(british).getAllByText('Not given')).toHaveLength(4);
  });

  it('offers a Japanese company its own currency first', async () => {
    const user = userEvent.setup();
    await servePendingCustomers([
      pending('P-NIPPON01', 'Nippon Gifts', 'PENDING', { country: 'JP' }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Approve Nippon Gifts' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve Nippon Gifts' });
    const currencies = within(within(dialog).getByRole('group', { name: /Currencies/ }))
      .getAllByRole('checkbox')
      .map((box) => [box.closest('label')?.textContent, (box as HTMLInputElement).checked]);
    expect(currencies).toEqual([
      ['JPY', true],
      ['USD', false],
      ['GBP', false],
      ['EUR', false],
      ['CAD', false],
      ['AUD', false],
    ]);
  });

  it('approves with the chosen settings, the discount as a percentage, and moves focus on', async () => {
    const user = userEvent.setup();
    const { calls } = await servePendingCustomers([initech, jupiter]);
    await user.click(await screen.findByRole('button', { name: 'Approve Initech' }));

    const dialog = screen.getByRole('dialog', { name: 'Approve Initech' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'GBP' }));
    const discount = within(dialog).getByRole('textbox', { name: /Discount \(%\)/ });
    await user.type(discount, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      within(dialog).getByText('Enter a discount of 0 or more and below 100%, such as 3.'),
    ).toBeVisible();
    await user.clear(discount);
    await user.type(discount, '2.755');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      within(dialog).getByText('Enter the discount with at most 2 decimals, such as 2.75.'),
    ).toBeVisible();
    expect(calls.some((call) => call.path === '/pending-customer/approve')).toBe(false);

    await user.clear(discount);
    await user.type(discount, '2.75');
    const usdLimit = within(dialog).getByRole('textbox', { name: /Order limit in USD/ });
    await user.type(usdLimit, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByText('Enter an amount above 0.')).toBeVisible();
    expect(calls.some((call) => call.path === '/pending-customer/approve')).toBe(false);
    await user.clear(usdLimit);
    await user.type(usdLimit, '5000.50');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Initech approved.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((call) => call.path === '/pending-customer/approve')).toMatchObject({
      method: 'POST',
      body: {
        pendingCustomerId: 'P-INITECH1',
        settings: {
          balancesEnabled: true,
          fxEnabled: true,
          currencies: ['USD', 'GBP'],
          orderLimits: [{ currency: 'USD', maxOrderValue: '5000.50' }],
          // 2.75 % off, stored as the spec's multiplier.
          discountMultiplier: '0.9725',
        },
      },
    });
    // A retried approval (a lost answer, a second click) must not create a second customer.
    expect(
      calls
        .find((call) => call.path === '/pending-customer/approve')
        ?.headers.get('Idempotency-Key'),
    ).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Decided, it leaves the Pending list; focus goes to the next request's action, not <body>.
    await waitFor(() => expect(companies()).toEqual(['Jupiter Mining']));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Approve Jupiter Mining' })).toHaveFocus(),
    );

    // The last one decided, focus goes to the list's heading.
    await user.keyboard('{Enter}');
    await user.click(
      within(screen.getByRole('dialog', { name: 'Approve Jupiter Mining' })).getByRole('button', {
        name: 'Approve',
      }),
    );
    expect(await screen.findByText('No record found.')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'Pending customers' })).toHaveFocus(),
    );
  });

  it('approves with no discount when the field is left empty', async () => {
    const user = userEvent.setup();
    const { calls } = await servePendingCustomers([initech]);
    await user.click(await screen.findByRole('button', { name: 'Approve Initech' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Approve Initech' })).getByRole('button', {
        name: 'Approve',
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Initech approved.');
    expect(calls.find((call) => call.path === '/pending-customer/approve')?.body).toEqual({
      pendingCustomerId: 'P-INITECH1',
      settings: {
        balancesEnabled: true,
        fxEnabled: true,
        currencies: ['USD'],
        orderLimits: null,
        discountMultiplier: null,
      },
    });
  });

  it('shows the API message when approval is refused, and keeps the dialog open', async () => {
    const user = userEvent.setup();
    const { store } = await servePendingCustomers([initech]);
    await user.click(await screen.findByRole('button', { name: 'Approve Initech' }));
    // Someone else declined it meanwhile.
    store[0]!.approvalStatus = 'DECLINED';
    const dialog = screen.getByRole('dialog', { name: 'Approve Initech' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Pending customer is already DECLINED',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('declines with an optional reason, refreshes the list and announces it', async () => {
    const user = userEvent.setup();
    const { calls } = await servePendingCustomers([initech, hooli], {
      url: '/admin/pending-customers?status=ALL',
    });
    await user.click(await screen.findByRole('button', { name: 'Decline Hooli' }));

    const dialog = screen.getByRole('dialog', { name: 'Decline Hooli' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Not a business');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Hooli declined.');
    expect(calls.find((call) => call.path === '/pending-customer/decline')?.body).toEqual({
      pendingCustomerId: 'P-HOOLI001',
      reason: 'Not a business',
    });
    await waitFor(() => expect(rowOf('Hooli').getByText('Declined')).toBeVisible());
    // Hooli stays listed without its buttons: focus goes on to the next row's first action.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Approve Initech' })).toHaveFocus(),
    );

    await user.click(screen.getByRole('button', { name: 'Decline Initech' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Decline Initech' })).getByRole('button', {
        name: 'Decline',
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Initech declined.');
    expect(calls.filter((call) => call.path === '/pending-customer/decline').at(-1)?.body).toEqual({
      pendingCustomerId: 'P-INITECH1',
    });
  });
});

describe('PendingCustomersPage: the list in the address', () => {
  const many = Array.from({ length: 30 }, (_, index) =>
    pending(`P-${String(index).padStart(4, '0')}`, `Company ${String(index).padStart(2, '0')}`),
  );

  it('shows the list the address asks for', async () => {
    const { listCalls } = await servePendingCustomers([initech, hooli, umbrella, wayne], {
      url: '/admin/pending-customers?status=APPROVED&name=umb',
    });
    await waitFor(() => expect(companies()).toEqual(['Umbrella']));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('APPROVED');
    expect(screen.getByRole('textbox', { name: 'Company name begins with' })).toHaveValue('umb');
    expect(listCalls()).toHaveLength(1);
    expect(listCalls()[0]?.query.get('status')).toBe('APPROVED');
    expect(listCalls()[0]?.query.get('customer_name_begins_with')).toBe('umb');
  });

  it('falls back to the defaults for parameters that are not valid', async () => {
    const { listCalls, router } = await servePendingCustomers([initech, hooli], {
      url: '/admin/pending-customers?status=approved&name=%20%20&cursor=a%20b&customers=%5B1%5D',
    });
    // An unknown status is the default one: Pending.
    await waitFor(() => expect(companies()).toEqual(['Initech']));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('PENDING');
    const [call] = listCalls();
    expect([...(call?.query.entries() ?? [])]).toEqual([
      ['status', 'PENDING'],
      ['limit', '25'],
    ]);
    expect(screen.queryByRole('table', { name: 'All customers' })).toBeNull();
    expect(router.state.location.pathname).toBe('/admin/pending-customers');
  });

  it('writes a filter to the address and starts again from the first page', async () => {
    const user = userEvent.setup();
    const { router } = await servePendingCustomers(many);
    await screen.findByRole('cell', { name: 'Company 00' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(companies()[0]).toBe('Company 25'));
    // The address says which filter is on, the default one too.
    expect(router.state.location.search).toEqual({ status: 'PENDING', cursor: '25' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    await waitFor(() => expect(companies()[0]).toBe('Company 00'));
    expect(router.state.location.search).toEqual({ status: 'ALL' });
  });

  it('writes the name typed once typing pauses, replacing the entry rather than adding one', async () => {
    const user = userEvent.setup();
    const { router, listCalls } = await servePendingCustomers([initech, hooli], {
      url: '/admin/pending-customers?status=ALL',
    });
    await screen.findByRole('cell', { name: 'Initech' });
    const entries = router.history.length;

    await user.type(screen.getByRole('textbox', { name: 'Company name begins with' }), 'hoo');
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ status: 'ALL', name: 'hoo' }),
    );
    await waitFor(() => expect(companies()).toEqual(['Hooli']));
    expect(router.history.length).toBe(entries);
    expect(listCalls().map((call) => call.query.get('customer_name_begins_with'))).toEqual([
      null,
      'hoo',
    ]);
  });

  it('goes back and forward through pages and filters, keeping the way back a page', async () => {
    const user = userEvent.setup();
    const { router } = await servePendingCustomers(many);
    await screen.findByRole('cell', { name: 'Company 00' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(companies()[0]).toBe('Company 25'));

    act(() => router.history.back());
    await waitFor(() => expect(companies()[0]).toBe('Company 00'));
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    act(() => router.history.forward());
    await waitFor(() => expect(companies()[0]).toBe('Company 25'));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(companies()[0]).toBe('Company 00'));
    expect(router.state.location.search).toEqual({ status: 'PENDING' });
  });

  it('offers the first page when the server refuses the cursor in the address', async () => {
    const user = userEvent.setup();
    const { router } = await servePendingCustomers([initech], {
      url: '/admin/pending-customers?cursor=stale',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load pending customers: Invalid cursor",
    );
    await user.click(screen.getByRole('button', { name: 'Go to the first page' }));
    expect(await screen.findByRole('cell', { name: 'Initech' })).toBeVisible();
    expect(router.state.location.search).toEqual({ status: 'PENDING' });
  });

  it('keeps the all-customers search in the address', async () => {
    const user = userEvent.setup();
    const { router, calls } = await servePendingCustomers([initech], {
      url: '/admin/pending-customers?customers=glob',
    });
    const results = await screen.findByRole('table', { name: 'All customers' });
    expect(await within(results).findByRole('cell', { name: 'Globex' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Name or customer id' })).toHaveValue('glob');
    expect(calls.find((call) => call.path === '/customers')?.query.get('search')).toBe('glob');

    const box = screen.getByRole('textbox', { name: 'Name or customer id' });
    await user.clear(box);
    await user.click(screen.getByRole('button', { name: 'Find customers' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ status: 'PENDING', customers: '' }),
    );
    expect(await within(results).findByRole('cell', { name: 'Acme Rewards Ltd' })).toBeVisible();

    act(() => router.history.back());
    await waitFor(() => expect(box).toHaveValue('glob'));
  });
});
