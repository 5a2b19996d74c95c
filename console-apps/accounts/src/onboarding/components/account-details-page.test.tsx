import { axeViolations } from '@boon/ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  useAppStore,
  useNoticeStore,
  renderConsole,
  acmeInvite,
  serveOnboarding,
  signedInAs,
  userWithoutCustomer,
} from '@boon/console-kit/testing';
import {
  INVITE_TOKEN_KEY,
  ONBOARDING_FLAG_KEY,
  ACTIVATION_FAILED_MESSAGE,
} from '@boon/console-kit';

const firstName = () => screen.getByRole('textbox', { name: 'First name' });
const lastName = () => screen.getByRole('textbox', { name: 'Last name' });
const submit = () => screen.getByRole('button', { name: 'Continue' });

async function openAccountDetails(email = 'nina@initech.test') {
  const view = await renderConsole('/onboard/account-details', signedInAs(email));
  await screen.findByRole('heading', { level: 1, name: 'Your details' });
  return view;
}

describe('/onboard/account-details', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    useAppStore.getState().reset();
    useNoticeStore.getState().dismissAlert();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  describe('for a new company', () => {
    beforeEach(() => localStorage.setItem(ONBOARDING_FLAG_KEY, 'true'));

    it('asks for first and last name in the onboarding frame, without the sidebar', async () => {
      serveOnboarding();
      await openAccountDetails();

      expect(screen.getByText('Add your name to set up your account.')).toBeVisible();
      expect(firstName()).toHaveAttribute('aria-required', 'true');
      expect(lastName()).toHaveAttribute('autocomplete', 'family-name');
      expect(screen.getAllByText('0/100')).toHaveLength(2);
      expect(screen.getByRole('link', { name: 'Log out' })).toHaveAttribute('href', '/logout');
      expect(screen.getByText('Boon')).toBeVisible();
      expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
      expect(document.title).toBe('Your details · Boon');
      expect(await axeViolations()).toEqual([]);
    });

    it('says "This field is required." once a field is left empty', async () => {
      const user = userEvent.setup();
      serveOnboarding();
      await openAccountDetails();

      await user.click(firstName());
      expect(screen.queryByText('This field is required.')).toBeNull();
      await user.tab();
      expect(screen.getByText('This field is required.')).toBeVisible();
      expect(firstName()).toHaveAttribute('aria-invalid', 'true');
      expect(await axeViolations()).toEqual([]);
    });

    it('refuses an empty or blank submit, showing both errors and focusing the first', async () => {
      const user = userEvent.setup();
      const server = serveOnboarding();
      await openAccountDetails();

      await user.type(lastName(), '   ');
      await user.click(submit());

      expect(screen.getAllByText('This field is required.')).toHaveLength(2);
      expect(firstName()).toHaveFocus();
      expect(server.callsTo('POST', '/user/me')).toHaveLength(0);
    });

    it('creates the user with the trimmed names, then goes on to company-details', async () => {
      const user = userEvent.setup();
      const server = serveOnboarding();
      const { router } = await openAccountDetails();

      await user.type(firstName(), '  Nina ');
      await user.type(lastName(), 'New');
      await user.click(submit());

      await waitFor(() => expect(router.state.location.pathname).toBe('/onboard/company-details'));
      expect(server.callsTo('POST', '/user/me').map((call) => call.body)).toEqual([
        { firstName: 'Nina', lastName: 'New' },
      ]);
      expect(server.callsTo('POST', '/user/me')[0]?.headers.get('x-customer-id')).toBeNull();
      expect(server.callsTo('POST', '/user/activate')).toHaveLength(0);
    });

    it('can be filled in and sent with the keyboard alone', async () => {
      const user = userEvent.setup();
      const server = serveOnboarding();
      const { router } = await openAccountDetails();

      await user.tab(); // skip link
      await user.tab(); // Log out
      await user.tab();
      expect(firstName()).toHaveFocus();
      await user.keyboard('Nina');
      await user.tab();
      expect(lastName()).toHaveFocus();
      await user.keyboard('New{Enter}');

      await waitFor(() => expect(router.state.location.pathname).toBe('/onboard/company-details'));
      expect(server.callsTo('POST', '/user/me')).toHaveLength(1);
    });

    it("shows the server's field errors at their fields", async () => {
      const user = userEvent.setup();
      serveOnboarding({
        refuseUserCreate: {
          code: 'validation_error',
          fieldErrors: [{ path: 'lastName', message: 'Too long: at most 100 characters' }],
        },
      });
      await openAccountDetails();

      await user.type(firstName(), 'Nina');
      await user.type(lastName(), 'New');
      await user.click(submit());

      expect(await screen.findByText('Too long: at most 100 characters')).toBeVisible();
      expect(lastName()).toHaveAttribute('aria-invalid', 'true');
      await user.type(lastName(), 'er');
      expect(screen.queryByText('Too long: at most 100 characters')).toBeNull();
    });

    it('says why the details could not be saved, and lets the user send them again', async () => {
      const user = userEvent.setup();
      const server = serveOnboarding({
        refuseUserCreate: { code: 'service_unavailable' },
      });
      const { router } = await openAccountDetails();

      await user.type(firstName(), 'Nina');
      await user.type(lastName(), 'New');
      await user.click(submit());

      expect(
        await screen.findByText(
          "We couldn't save your details: Boon isn't available right now. Try again in a few minutes.",
        ),
      ).toHaveAttribute('role', 'alert');
      server.state.refuseUserCreate = null;
      await user.click(submit());
      await waitFor(() => expect(router.state.location.pathname).toBe('/onboard/company-details'));
    });

    it('goes on when the user was already created (409 "User already exists")', async () => {
      const user = userEvent.setup();
      const server = serveOnboarding();
      const { router } = await openAccountDetails();
      server.state.refuseUserCreate = { code: 'user_already_exists' };
      // Another tab created the user meanwhile.
      server.state.user = userWithoutCustomer();

      await user.type(firstName(), 'Nina');
      await user.type(lastName(), 'New');
      await user.click(submit());

      await waitFor(() => expect(router.state.location.pathname).toBe('/onboard/company-details'));
    });
  });

  describe('for an invited user', () => {
    beforeEach(() => localStorage.setItem(INVITE_TOKEN_KEY, 'tok-acme'));

    it('names the inviting customer, then joins it and goes home', async () => {
      const user = userEvent.setup();
      const server = serveOnboarding({
        email: 'new.hire@acme.test',
        invites: { 'tok-acme': { status: 200, invite: acmeInvite } },
      });
      const { router } = await openAccountDetails('new.hire@acme.test');

      expect(
        screen.getByText(
          "You've been invited to join Acme Rewards Ltd. Add your name to accept the invite.",
        ),
      ).toBeVisible();
      await user.type(firstName(), 'Nora');
      await user.type(lastName(), 'Hire');
      await user.click(submit());

      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(server.callsTo('POST', '/user/activate').map((call) => call.body)).toEqual([
        { token: 'tok-acme' },
      ]);
      expect(localStorage.getItem(INVITE_TOKEN_KEY)).toBeNull();
      expect(await screen.findByRole('navigation', { name: 'Main' })).toBeVisible();
    });

    it('alerts "There was a problem activating the invited user" and lets the user go on', async () => {
      const user = userEvent.setup();
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      localStorage.setItem(ONBOARDING_FLAG_KEY, 'true');
      serveOnboarding({
        email: 'new.hire@acme.test',
        invites: { 'tok-acme': { status: 200, invite: acmeInvite } },
        refuseActivation: 'validation_error',
      });
      const { router } = await openAccountDetails('new.hire@acme.test');

      await user.type(firstName(), 'Nora');
      await user.type(lastName(), 'Hire');
      await user.click(submit());

      expect(await screen.findByText(ACTIVATION_FAILED_MESSAGE)).toHaveAttribute('role', 'alert');
      expect(localStorage.getItem(INVITE_TOKEN_KEY)).toBeNull();
      expect(await axeViolations()).toEqual([]);
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/onboard/company-details'));
    });
  });
});
