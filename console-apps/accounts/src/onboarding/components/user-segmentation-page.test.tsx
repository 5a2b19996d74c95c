import { axeViolations } from '@boon/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  useAppStore,
  renderConsole,
  pendingCustomer,
  serveOnboarding,
  signedInAs,
  userWithoutCustomer,
  type OnboardingServerState,
} from '@boon/console-kit/testing';
import { readCompanyDraft, writeCompanyDraft } from '../company-draft';
import { ONBOARDING_FLAG_KEY } from '@boon/console-kit';

const initech = {
  companyName: 'Initech',
  country: 'US',
  companySize: '51-200',
  website: 'initech.test',
} as const;

const needGroup = () =>
  screen.getByRole('radiogroup', { name: 'When do you need to send rewards?' });
const submit = () => screen.getByRole('button', { name: 'Create company' });

async function openSegmentation(server: Partial<OnboardingServerState> = {}) {
  const served = serveOnboarding({ user: userWithoutCustomer(), ...server });
  const view = await renderConsole('/onboard/user-segmentation', signedInAs('nina@initech.test'));
  return { ...view, server: served };
}

async function answerAndSubmit() {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: 'About your rewards' });
  await user.click(screen.getByRole('radio', { name: 'Within 30 days' }));
  await user.click(screen.getByRole('checkbox', { name: 'Employee rewards and recognition' }));
  await user.click(screen.getByRole('checkbox', { name: 'Payouts and refunds' }));
  await user.click(submit());
  return user;
}

describe('/onboard/user-segmentation', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    useAppStore.getState().reset();
    localStorage.setItem(ONBOARDING_FLAG_KEY, 'true');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends a user without company details back to that step', async () => {
    const { router } = await openSegmentation();

    await waitFor(() => expect(router.state.location.pathname).toBe('/onboard/company-details'));
  });

  it('asks when rewards are needed (required) and what for (optional)', async () => {
    writeCompanyDraft(initech);
    await openSegmentation();

    expect(
      await screen.findByText(
        'Two quick questions about Initech, so we can set up the right account.',
      ),
    ).toBeVisible();
    expect(
      within(needGroup())
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Today', 'Within 7 days', 'Within 30 days', 'Within 90 days', "I don't know"]);
    expect(needGroup()).toHaveAttribute('aria-required', 'true');
    expect(screen.getByText('(optional)')).toBeVisible();
    expect(screen.getAllByRole('checkbox')).toHaveLength(6);
    expect(await axeViolations()).toEqual([]);
  });

  it('needs a reward need before creating anything', async () => {
    const user = userEvent.setup();
    writeCompanyDraft(initech);
    const { server } = await openSegmentation();

    await user.click(await screen.findByRole('button', { name: 'Create company' }));

    expect(screen.getByText('This field is required.')).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Today' })).toHaveFocus();
    expect(server.callsTo('POST', '/pending-customer')).toHaveLength(0);
  });

  it('creates the company with both steps’ answers and moves on to taking-long', async () => {
    writeCompanyDraft(initech);
    const { router, server } = await openSegmentation();

    await answerAndSubmit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/onboard/taking-long'));
    expect(server.callsTo('POST', '/pending-customer').map((call) => call.body)).toEqual([
      { ...initech, rewardNeed: 'within-30-days', useCases: ['employee-rewards', 'payouts'] },
    ]);
    expect(readCompanyDraft()).toBeNull();
  });

  it('can be answered and sent with the keyboard alone', async () => {
    const user = userEvent.setup();
    writeCompanyDraft(initech);
    const { router, server } = await openSegmentation();
    await screen.findByRole('heading', { level: 1, name: 'About your rewards' });

    await user.tab(); // skip link
    await user.tab(); // Log out
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Today' })).toHaveFocus();
    await user.keyboard(' ');
    await user.tab();
    expect(
      screen.getByRole('checkbox', { name: 'Employee rewards and recognition' }),
    ).toHaveFocus();
    await user.keyboard(' ');
    for (let i = 0; i < 6; i += 1) await user.tab();
    expect(submit()).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/onboard/taking-long'));
    expect(server.callsTo('POST', '/pending-customer')[0]?.body).toMatchObject({
      rewardNeed: 'today',
      useCases: ['employee-rewards'],
    });
  });

  it('shows customer-exists when a company with the domain already has an account', async () => {
    writeCompanyDraft(initech);
    const { router } = await openSegmentation({
      refusePendingCustomer: { code: 'customer_with_domain_exists' },
    });

    await answerAndSubmit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/onboard/customer-exists'));
    expect(
      await screen.findByRole('heading', { name: 'initech.test already has an account' }),
    ).toBeVisible();
  });

  it('shows the personal e-mail restriction when the server refuses the address', async () => {
    writeCompanyDraft(initech);
    const { router } = await openSegmentation({
      refusePendingCustomer: {
        code: 'validation_error',
        fieldErrors: [
          { path: 'email', message: 'Use your company e-mail address to create a company' },
        ],
      },
    });

    await answerAndSubmit();

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/onboard/personal-email-restriction'),
    );
  });

  it('sends a refused company detail back to company-details, shown at its field', async () => {
    writeCompanyDraft(initech);
    const { router } = await openSegmentation({
      refusePendingCustomer: {
        code: 'validation_error',
        fieldErrors: [{ path: 'country', message: 'We cannot serve companies in this country' }],
      },
    });

    await answerAndSubmit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/onboard/company-details'));
    expect(await screen.findByText('We cannot serve companies in this country')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('follows the state when the user already has a company request', async () => {
    writeCompanyDraft(initech);
    const { router, server } = await openSegmentation({
      refusePendingCustomer: { code: 'pending_customer_exists' },
    });
    server.state.pendingCustomer = pendingCustomer('PENDING');

    await answerAndSubmit();

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/onboard/pending-confirmation'),
    );
  });

  it('says why the company could not be created, and keeps the answers for another try', async () => {
    writeCompanyDraft(initech);
    const { router, server } = await openSegmentation({
      refusePendingCustomer: { code: 'service_unavailable' },
    });

    const user = await answerAndSubmit();

    expect(await screen.findByText(/We couldn't create your company/)).toHaveAttribute(
      'role',
      'alert',
    );
    expect(readCompanyDraft()).not.toBeNull();
    server.state.refusePendingCustomer = null;
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboard/taking-long'));
  });

  it('sends the same Idempotency-Key when the same answers are sent again, so one company is asked for', async () => {
    writeCompanyDraft(initech);
    const { server } = await openSegmentation({
      refusePendingCustomer: { code: 'service_unavailable' },
    });

    const user = await answerAndSubmit();
    await screen.findByText(/We couldn't create your company/);
    server.state.refusePendingCustomer = null;
    await user.click(submit());

    await waitFor(() => expect(server.callsTo('POST', '/pending-customer')).toHaveLength(2));
    const [first, retry] = server
      .callsTo('POST', '/pending-customer')
      .map((call) => call.headers.get('Idempotency-Key'));
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(retry).toBe(first);
  });

  it('goes back to company details on request', async () => {
    const user = userEvent.setup();
    writeCompanyDraft(initech);
    const { router } = await openSegmentation();

    await user.click(await screen.findByRole('link', { name: 'Back to company details' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/onboard/company-details'));
    expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveValue('Initech');
  });
});
