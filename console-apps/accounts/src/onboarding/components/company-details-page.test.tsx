import { axeViolations } from '@boon/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  useAppStore,
  renderConsole,
  serveOnboarding,
  signedInAs,
  userWithoutCustomer,
} from '@boon/console-kit/testing';
import { COMPANY_DRAFT_KEY, readCompanyDraft, writeCompanyDraft } from '../company-draft';
import { ONBOARDING_FLAG_KEY } from '@boon/console-kit';

const companyName = () => screen.getByRole('textbox', { name: 'Company name' });
const country = () => screen.getByRole('combobox', { name: 'Country' });
const sizeGroup = () => screen.getByRole('radiogroup', { name: 'Company size' });
const website = () => screen.getByRole('textbox', { name: 'Website' });
const submit = () => screen.getByRole('button', { name: 'Continue' });

async function openCompanyDetails(email = 'nina@initech.test') {
  serveOnboarding({ user: userWithoutCustomer(email), email });
  const view = await renderConsole('/onboard/company-details', signedInAs(email));
  await screen.findByRole('heading', { level: 1, name: 'Your company' });
  return view;
}

describe('/onboard/company-details', () => {
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

  it('shows it is the second of the three set-up steps, the first done', async () => {
    await openCompanyDetails();
    const steps = within(screen.getByRole('navigation', { name: 'Setting up your company' }));
    const items = steps.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/Step 1 of 3, done: Your details$/);
    expect(items[1]).toHaveTextContent(/Step 2 of 3: Your company$/);
    expect(items[2]).toHaveTextContent(/Step 3 of 3: About your rewards$/);
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items[0]).not.toHaveAttribute('aria-current');
  });

  it('asks for name, country, size and website, the website pre-filled with the domain', async () => {
    await openCompanyDetails();

    expect(companyName()).toHaveValue('');
    expect(website()).toHaveValue('initech.test');
    const options = within(country()).getAllByRole('option');
    expect(options.map((option) => option.textContent).slice(0, 3)).toEqual([
      'Select a country',
      '🇺🇸 United States',
      '🇬🇧 United Kingdom',
    ]);
    expect(options).toHaveLength(56);
    for (const prohibited of ['Russia', 'Cuba', 'Iran', 'North Korea', 'Syria']) {
      expect(options.some((option) => option.textContent?.endsWith(prohibited))).toBe(false);
    }
    expect(
      within(sizeGroup())
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      'Under 50 employees',
      '51-200 employees',
      '201-500 employees',
      '501-1000 employees',
      'Over 1000 employees',
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it('shows what is missing on submit and focuses the first field in error', async () => {
    const user = userEvent.setup();
    const { router } = await openCompanyDetails();

    await user.clear(website());
    await user.click(submit());

    expect(screen.getAllByText('This field is required.')).toHaveLength(4);
    expect(companyName()).toHaveFocus();
    expect(sizeGroup()).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/onboard/company-details');
    expect(await axeViolations()).toEqual([]);
  });

  it('refuses a website that is not one', async () => {
    const user = userEvent.setup();
    await openCompanyDetails();

    await user.clear(website());
    await user.type(website(), 'not a website');
    await user.tab();

    expect(screen.getByText('Enter a website such as acme.com')).toBeVisible();
    expect(website()).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps the answers in this tab and goes on to user-segmentation', async () => {
    const user = userEvent.setup();
    const { router } = await openCompanyDetails();

    await user.type(companyName(), '  Initech ');
    await user.selectOptions(country(), 'GB');
    await user.click(screen.getByRole('radio', { name: '51-200 employees' }));
    await user.clear(website());
    await user.type(website(), 'https://www.initech.test');
    await user.click(submit());

    await waitFor(() => expect(router.state.location.pathname).toBe('/onboard/user-segmentation'));
    expect(JSON.parse(sessionStorage.getItem(COMPANY_DRAFT_KEY) ?? 'null')).toEqual({
      companyName: 'Initech',
      country: 'GB',
      companySize: '51-200',
      website: 'https://www.initech.test',
    });
  });

  it('can be answered with the keyboard alone', async () => {
    const user = userEvent.setup();
    const { router } = await openCompanyDetails();

    await user.tab(); // skip link
    await user.tab(); // Log out
    await user.tab();
    expect(companyName()).toHaveFocus();
    await user.keyboard('Initech');
    await user.tab();
    expect(country()).toHaveFocus();
    await user.selectOptions(country(), 'US');
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Under 50 employees' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: 'Under 50 employees' })).toBeChecked();
    await user.tab();
    expect(website()).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/onboard/user-segmentation'));
    expect(readCompanyDraft()).toMatchObject({ country: 'US', companySize: 'under-50' });
  });

  it('shows the answers kept earlier, and what the server refused in them', async () => {
    writeCompanyDraft({
      companyName: 'Initech',
      country: 'DE',
      companySize: 'over-1000',
      website: 'initech.test',
      fieldErrors: [{ path: 'companyName', message: 'That name is taken' }],
    });
    const user = userEvent.setup();
    await openCompanyDetails();

    expect(companyName()).toHaveValue('Initech');
    expect(country()).toHaveValue('DE');
    expect(screen.getByRole('radio', { name: 'Over 1000 employees' })).toBeChecked();
    expect(screen.getByText('That name is taken')).toBeVisible();
    await user.type(companyName(), ' Corp');
    expect(screen.queryByText('That name is taken')).toBeNull();
  });
});
