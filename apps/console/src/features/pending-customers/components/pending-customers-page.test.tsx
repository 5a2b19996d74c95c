import type { PendingCustomer, PendingCustomerStatus } from '@boon/contracts';
import { axeViolations } from '@boon/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../state/app-store';
import { jsonResponse, renderWithApi } from '../../../test/render-with-api';
import { PendingCustomersPage } from './pending-customers-page';

const BASE = '/api/customer-management';

function pending(
  id: string,
  companyName: string,
  approvalStatus: PendingCustomerStatus = 'PENDING',
): PendingCustomer {
  return {
    pendingCustomerId: id,
    companyName,
    domain: `${companyName.toLowerCase().replace(/\W/g, '')}.test`,
    requestedBy: { userId: `U-${id}`, emailAddress: `owner@${id.toLowerCase()}.test` },
    approvalStatus,
    onboardingTaskState: 'COMPLETE',
    createdAt: '2026-03-04T10:15:00Z',
  };
}

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * Answers the pending-customer calls the way the service does: sorted by company name, filtered
 * by status and case-insensitive prefix, cursor = the index to start from; approve and decline
 * change the stored status (409 when no longer open). `fail` answers every list call with a 503.
 */
function servePendingCustomers(initial: PendingCustomer[], options: { fail?: boolean } = {}) {
  const store = initial.map((item) => ({ ...item }));
  const calls: Call[] = [];
  const json = jsonResponse;
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://console.test');
    const path = url.pathname.slice(BASE.length);
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method: init?.method ?? 'GET', path, query: url.searchParams, body });
    if (path === '/pending-customer') {
      if (options.fail) {
        return json({ status: 503, code: 'unavailable', message: 'Service Unavailable' }, 503);
      }
      const status = url.searchParams.get('status');
      const prefix = url.searchParams.get('customer_name_begins_with')?.toLowerCase() ?? '';
      const limit = Number(url.searchParams.get('limit'));
      const start = Number(url.searchParams.get('cursor') ?? '0');
      const matches = store
        .filter((item) => !status || item.approvalStatus === status)
        .filter((item) => item.companyName.toLowerCase().startsWith(prefix))
        .sort((a, b) => a.companyName.localeCompare(b.companyName));
      const items = matches.slice(start, start + limit);
      const more = start + limit < matches.length;
      return json({ items, nextCursor: more ? String(start + limit) : null });
    }
    const { pendingCustomerId } = body as { pendingCustomerId: string };
    const target = store.find((item) => item.pendingCustomerId === pendingCustomerId);
    if (!target) return json({ status: 404, code: 'not_found', message: 'Not Found' }, 404);
    if (target.approvalStatus !== 'NEW' && target.approvalStatus !== 'PENDING') {
      const message = `Pending customer is already ${target.approvalStatus}`;
      return json({ status: 409, code: 'pending_customer_not_open', message }, 409);
    }
    if (path === '/pending-customer/approve') {
      target.approvalStatus = 'APPROVED';
      return json({ id: 'C-NEW00001', name: target.companyName });
    }
    if (path === '/pending-customer/decline') {
      target.approvalStatus = 'DECLINED';
      return json(target);
    }
    return json({ status: 404, code: 'not_found', message: 'Not Found' }, 404);
  });
  const view = renderWithApi(<PendingCustomersPage />, {
    baseUrls: { customerManagement: BASE },
    fetch,
  });
  const listCalls = () => calls.filter((call) => call.path === '/pending-customer');
  return { calls, listCalls, store, view };
}

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
const hooli = pending('P-HOOLI001', 'Hooli', 'NEW');
const umbrella = pending('P-UMBRELLA', 'Umbrella', 'APPROVED');
const wayne = pending('P-WAYNE001', 'Wayne Enterprises', 'DECLINED');

afterEach(() => {
  useAppStore.getState().reset();
  vi.restoreAllMocks();
});

describe('PendingCustomersPage', () => {
  it('offers no decision while a request is being set up, and only decline when set-up failed', async () => {
    servePendingCustomers([
      { ...pending('P-NEWCO001', 'Newcomer', 'NEW'), onboardingTaskState: 'STARTED' },
      { ...pending('P-BROKEN01', 'Broken', 'NEW'), onboardingTaskState: 'ERROR' },
      initech,
    ]);
    expect(await screen.findByRole('cell', { name: 'Newcomer' })).toBeVisible();
    expect(rowOf('Newcomer').getByText('Being set up…')).toBeVisible();
    expect(rowOf('Newcomer').queryByRole('button')).toBeNull();
    expect(rowOf('Broken').getByText('Set-up failed')).toBeVisible();
    expect(rowOf('Broken').queryByRole('button', { name: 'Approve Broken' })).toBeNull();
    expect(rowOf('Broken').getByRole('button', { name: 'Decline Broken' })).toBeVisible();
    expect(rowOf('Initech').getByRole('button', { name: 'Approve Initech' })).toBeVisible();
  });

  it('lists pending customers with their details and actions only for open ones', async () => {
    vi.spyOn(window.navigator, 'language', 'get').mockReturnValue('en-GB');
    useAppStore.getState().setTimezoneOverride('Etc/UTC');
    const { listCalls } = servePendingCustomers([initech, hooli, umbrella, wayne]);

    expect(screen.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    expect(screen.getByText('Loading…')).toBeVisible();
    expect(await screen.findByRole('cell', { name: 'Initech' })).toBeVisible();
    expect(companies()).toEqual(['Hooli', 'Initech', 'Umbrella', 'Wayne Enterprises']);

    const row = rowOf('Initech');
    expect(row.getByText('initech.test')).toBeVisible();
    expect(row.getByText('owner@p-initech1.test')).toBeVisible();
    expect(row.getByText('PENDING')).toBeVisible();
    expect(row.getByText('COMPLETE')).toBeVisible();
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
    servePendingCustomers([]);
    expect(await screen.findByText('No record found.')).toBeVisible();
  });

  it('says so when the list cannot be loaded', async () => {
    servePendingCustomers([initech], { fail: true });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load pending customers: Service Unavailable",
    );
  });

  it('filters by status and by company name prefix', async () => {
    const user = userEvent.setup();
    const { listCalls } = servePendingCustomers([initech, hooli, umbrella, wayne]);
    await screen.findByRole('cell', { name: 'Initech' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'APPROVED');
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
    const { listCalls } = servePendingCustomers(many);
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
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'PENDING');
    await waitFor(() => expect(companies()[0]).toBe('Company 00'));
    expect(listCalls().at(-1)?.query.has('cursor')).toBe(false);
  });

  it('approves with the chosen settings, refreshes the list and announces it', async () => {
    const user = userEvent.setup();
    const { calls } = servePendingCustomers([initech, hooli]);
    await user.click(await screen.findByRole('button', { name: 'Approve Initech' }));

    const dialog = screen.getByRole('dialog', { name: 'Approve Initech' });
    expect(await axeViolations(document.body)).toEqual([]);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Balances enabled' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'USD' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'GBP' }));
    const discount = within(dialog).getByRole('textbox', { name: /Discount multiplier/ });
    await user.type(discount, '1.5');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByText(/above 0 and at most 1/)).toBeVisible();
    expect(calls.some((call) => call.path === '/pending-customer/approve')).toBe(false);

    await user.clear(discount);
    await user.type(discount, '0.95');
    const usdLimit = within(dialog).getByRole('textbox', { name: /Order limit in USD/ });
    await user.type(usdLimit, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      within(dialog).getByText('Enter an amount above 0 with up to 2 decimals.'),
    ).toBeVisible();
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
          fxEnabled: false,
          currencies: ['USD', 'GBP'],
          orderLimits: [{ currency: 'USD', maxOrderValue: '5000.50' }],
          discountMultiplier: '0.95',
        },
      },
    });
    await waitFor(() => expect(rowOf('Initech').getByText('APPROVED')).toBeVisible());
    expect(rowOf('Initech').queryByRole('button')).toBeNull();
  });

  it('shows the API message when approval is refused, and keeps the dialog open', async () => {
    const user = userEvent.setup();
    const { store } = servePendingCustomers([initech]);
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
    const { calls } = servePendingCustomers([initech, hooli]);
    await user.click(await screen.findByRole('button', { name: 'Decline Hooli' }));

    const dialog = screen.getByRole('dialog', { name: 'Decline Hooli' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Not a business');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Hooli declined.');
    expect(calls.find((call) => call.path === '/pending-customer/decline')?.body).toEqual({
      pendingCustomerId: 'P-HOOLI001',
      reason: 'Not a business',
    });
    await waitFor(() => expect(rowOf('Hooli').getByText('DECLINED')).toBeVisible());

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
