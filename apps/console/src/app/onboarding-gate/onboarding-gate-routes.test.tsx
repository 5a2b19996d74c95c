import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAnalyticsSink, type AnalyticsProperties } from '../../analytics/analytics';
import { useAppStore, useNoticeStore } from '@boon/console-kit/shell';
import {
  customer,
  fakeAuth,
  renderConsole,
  testUser,
  acmeInvite,
  pendingCustomer,
  serveOnboarding,
  signedInAs,
  userWithoutCustomer,
} from '@boon/console-kit/testing';
import {
  INVITE_TOKEN_KEY,
  ONBOARDING_FLAG_KEY,
  requestSignupAfterLogout,
  ACTIVATION_FAILED_MESSAGE,
} from '@boon/console-kit';
import { USER_LOGGED_IN_EVENT } from './enter-signed-in-area';

const acme = customer('C-ACME0001', 'Acme Rewards Ltd');
const owner = testUser();

describe('the onboarding gate', () => {
  let tracked: ReturnType<typeof vi.fn<(event: string, properties?: AnalyticsProperties) => void>>;
  let restoreSink: () => void;

  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    useAppStore.getState().reset();
    useNoticeStore.getState().dismissAlert();
    tracked = vi.fn<(event: string, properties?: AnalyticsProperties) => void>();
    restoreSink = setAnalyticsSink({ track: tracked });
  });
  afterEach(() => {
    restoreSink();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  describe('entering the signed-in pages', () => {
    it('sends a new identity with the onboarding flag to account-details', async () => {
      localStorage.setItem(ONBOARDING_FLAG_KEY, 'true');
      serveOnboarding({ user: null });
      const { router } = await renderConsole('/', signedInAs('nina@initech.test'));

      expect(router.state.location.pathname).toBe('/onboard/account-details');
      expect(await screen.findByRole('heading', { level: 1, name: 'Your details' })).toBeVisible();
      expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
      expect(tracked).not.toHaveBeenCalledWith(USER_LOGGED_IN_EVENT, undefined);
    });

    it('sends a new identity with an expired invite to invite-expired', async () => {
      localStorage.setItem(INVITE_TOKEN_KEY, 'old-token');
      serveOnboarding({ user: null, invites: { 'old-token': { status: 422 } } });
      const { router } = await renderConsole('/', signedInAs('nina@initech.test'));

      expect(router.state.location.pathname).toBe('/onboard/invite-expired');
      expect(
        await screen.findByRole('heading', {
          name: 'This invite has expired or is no longer valid',
        }),
      ).toBeVisible();
    });

    it('sends a user whose company waits for approval to pending-confirmation', async () => {
      serveOnboarding({
        user: userWithoutCustomer('pending@initech.test'),
        pendingCustomer: pendingCustomer('PENDING'),
      });
      const { router } = await renderConsole('/team', signedInAs('pending@initech.test'));

      expect(router.state.location.pathname).toBe('/onboard/pending-confirmation');
      expect(
        await screen.findByRole('heading', { name: "Thanks! We're verifying your company" }),
      ).toBeVisible();
    });

    it('sends a personal address that would create a company to the restriction', async () => {
      localStorage.setItem(ONBOARDING_FLAG_KEY, 'true');
      serveOnboarding({ user: null });
      const { router } = await renderConsole('/', signedInAs('nina@gmail.com'));

      expect(router.state.location.pathname).toBe('/onboard/personal-email-restriction');
    });

    it('lets staff in without a customer of their own', async () => {
      serveOnboarding({
        user: testUser({ emailAddress: 'staff@boon.test', isStaff: true, customerIds: [] }),
      });
      const { router } = await renderConsole('/', signedInAs('staff@boon.test'));

      expect(router.state.location.pathname).toBe('/');
      expect(tracked).toHaveBeenCalledWith(USER_LOGGED_IN_EVENT, undefined);
    });

    it('lets a member in, clears the onboarding flag and records "User logged in" once', async () => {
      localStorage.setItem(ONBOARDING_FLAG_KEY, 'true');
      const server = serveOnboarding({ user: owner, customers: [acme] });
      const { router } = await renderConsole('/', fakeAuth());

      expect(router.state.location.pathname).toBe('/');
      expect(localStorage.getItem(ONBOARDING_FLAG_KEY)).toBeNull();
      await router.navigate({ to: '/help' });
      await router.navigate({ to: '/' });
      const logins = tracked.mock.calls.filter(([event]) => event === USER_LOGGED_IN_EVENT);
      expect(logins).toHaveLength(1);
      expect(server.callsTo('POST', '/user/activate')).toHaveLength(0);
    });

    it("accepts a member's stored invite, then shows the new customer", async () => {
      localStorage.setItem(INVITE_TOKEN_KEY, 'tok-globex');
      const server = serveOnboarding({
        user: owner,
        customers: [acme],
        invites: {
          'tok-globex': {
            status: 200,
            invite: { ...acmeInvite, customerId: 'C-GLOBEX01', customerName: 'Globex Corporation' },
          },
        },
      });
      const { router } = await renderConsole('/', fakeAuth());

      expect(router.state.location.pathname).toBe('/');
      expect(server.callsTo('POST', '/user/activate').map((call) => call.body)).toEqual([
        { token: 'tok-globex' },
      ]);
      expect(localStorage.getItem(INVITE_TOKEN_KEY)).toBeNull();
      // The customer list was read again after joining.
      expect(server.callsTo('GET', '/customer').length).toBeGreaterThanOrEqual(2);
    });

    it('alerts "There was a problem activating the invited user" when that fails', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      localStorage.setItem(INVITE_TOKEN_KEY, 'tok-used');
      serveOnboarding({ user: owner, customers: [acme], refuseActivation: 'user_already_active' });
      const { router } = await renderConsole('/', fakeAuth());

      expect(router.state.location.pathname).toBe('/');
      expect(await screen.findByText(ACTIVATION_FAILED_MESSAGE)).toBeVisible();
      expect(localStorage.getItem(INVITE_TOKEN_KEY)).toBeNull();
    });

    it('makes a customer-less user with an invite a member, and lets them in', async () => {
      localStorage.setItem(INVITE_TOKEN_KEY, 'tok-acme');
      const server = serveOnboarding({
        user: userWithoutCustomer('new.hire@acme.test'),
        invites: { 'tok-acme': { status: 200, invite: acmeInvite } },
      });
      const { router } = await renderConsole('/', signedInAs('new.hire@acme.test'));

      expect(router.state.location.pathname).toBe('/');
      expect(server.state.user?.customerIds).toEqual(['C-ACME0001']);
      expect(await screen.findByRole('navigation', { name: 'Main' })).toBeVisible();
    });

    it('alerts on the onboarding screen when a customer-less user cannot join', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      localStorage.setItem(INVITE_TOKEN_KEY, 'tok-gone');
      serveOnboarding({
        user: userWithoutCustomer('pending@initech.test'),
        pendingCustomer: pendingCustomer('PENDING'),
      });
      const { router } = await renderConsole('/', signedInAs('pending@initech.test'));

      expect(router.state.location.pathname).toBe('/onboard/pending-confirmation');
      expect(await screen.findByText(ACTIVATION_FAILED_MESSAGE)).toBeVisible();
    });

    it('after "Sign up with another e-mail", the end of the logout opens /signup', async () => {
      requestSignupAfterLogout();
      const auth = fakeAuth({ isSignedIn: vi.fn(async () => false) });
      const { router } = await renderConsole('/', auth);

      expect(router.state.location.pathname).toBe('/signup');
      expect(auth.signup).toHaveBeenCalledWith(undefined, { forInvite: false });
    });
  });

  describe('entering an onboarding screen', () => {
    it('/onboard opens account-details', async () => {
      localStorage.setItem(ONBOARDING_FLAG_KEY, 'true');
      serveOnboarding({ user: null });
      const { router } = await renderConsole('/onboard', signedInAs('nina@initech.test'));

      expect(router.state.location.pathname).toBe('/onboard/account-details');
    });

    it('sends signed-out users to log in, and back afterwards', async () => {
      serveOnboarding();
      const auth = fakeAuth({ isSignedIn: vi.fn(async () => false) });
      const { router } = await renderConsole('/onboard/company-details', auth);

      expect(router.state.location.pathname).toBe('/login');
      expect(router.state.location.search).toEqual({ redirect: '/onboard/company-details' });
    });

    it('sends a member home', async () => {
      serveOnboarding({ user: owner, customers: [acme] });
      const { router } = await renderConsole('/onboard/company-details', fakeAuth());

      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(await screen.findByRole('navigation', { name: 'Main' })).toBeVisible();
    });

    it('sends a user on the wrong step to the right one', async () => {
      serveOnboarding({
        user: userWithoutCustomer(),
        pendingCustomer: pendingCustomer('NEW', 'STARTED'),
      });
      const { router } = await renderConsole('/onboard/company-details', signedInAs('x@y.test'));

      expect(router.state.location.pathname).toBe('/onboard/taking-long');
    });

    it('lets a user creating a company move between its steps', async () => {
      localStorage.setItem(ONBOARDING_FLAG_KEY, 'true');
      serveOnboarding({ user: userWithoutCustomer() });
      const { router } = await renderConsole('/onboard/customer-exists', signedInAs('x@y.test'));

      expect(router.state.location.pathname).toBe('/onboard/customer-exists');
    });

    it('offers a retry when the state cannot be read', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      serveOnboarding({ failWith: 'bad_request' });
      await renderConsole('/onboard/account-details', signedInAs('x@y.test'));

      expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    });

    it('shows the public screens without signing in', async () => {
      const auth = fakeAuth({ isSignedIn: vi.fn(async () => false) });
      const { router } = await renderConsole('/onboard/closed', auth);

      expect(router.state.location.pathname).toBe('/onboard/closed');
      expect(
        screen.getByRole('heading', { level: 1, name: 'This account is closed' }),
      ).toBeVisible();
      expect(screen.queryByRole('link', { name: 'Log out' })).toBeNull();
    });
  });
});
