import { publicEmailHosts } from '@boon/domain';
import { axeViolations } from '@boon/ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  contactEmails,
  INVITE_TOKEN_KEY,
  ONBOARDING_FLAG_KEY,
  SIGNUP_AFTER_LOGOUT_KEY,
} from '@boon/console-kit';
import {
  useAppStore,
  fakeAuth,
  renderConsole,
  pendingCustomer,
  serveOnboarding,
  signedInAs,
  userWithoutCustomer,
} from '@boon/console-kit/testing';

const signedOut = () => fakeAuth({ isSignedIn: vi.fn(async () => false) });

describe('the onboarding status screens', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    useAppStore.getState().reset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  describe('/onboard/book-a-demo (UnknownState)', () => {
    it('says what we know and each way forward, with the booking page in a new tab', async () => {
      const user = userEvent.setup();
      serveOnboarding({ user: userWithoutCustomer('stray@initech.test') });
      const { router } = await renderConsole('/', signedInAs('stray@initech.test'));

      // Spec 4.1 sends UnknownState to "the book-a-demo page": a screen of the product.
      await waitFor(() => expect(router.state.location.pathname).toBe('/onboard/book-a-demo'));
      expect(
        await screen.findByRole('heading', {
          level: 1,
          name: "Let's find the right start for you",
        }),
      ).toBeVisible();
      const main = within(screen.getByRole('main'));
      expect(main.getByText('stray@initech.test')).toBeVisible();
      expect(main.getByRole('heading', { level: 2, name: 'Joining your team?' })).toBeVisible();
      const demo = main.getByRole('link', { name: /^book a demo.*opens in a new tab/ });
      expect(demo).toHaveAttribute('href', 'https://boon.example/book-a-demo');
      expect(demo).toHaveAttribute('target', '_blank');
      expect(await axeViolations()).toEqual([]);

      // Setting up a company is what /onboarding-link would have started.
      await user.click(main.getByRole('button', { name: 'Set up a company' }));
      expect(localStorage.getItem(ONBOARDING_FLAG_KEY)).toBe('true');
      await waitFor(() => expect(router.state.location.pathname).toBe('/onboard/company-details'));
    });
  });

  describe('/onboard/pending-confirmation', () => {
    it('thanks the user and says verification takes 2 to 4 business days', async () => {
      const user = userEvent.setup();
      serveOnboarding({
        user: userWithoutCustomer('pending@initech.test'),
        pendingCustomer: pendingCustomer('PENDING'),
      });
      const { router } = await renderConsole(
        '/onboard/pending-confirmation',
        signedInAs('pending@initech.test'),
      );

      expect(
        await screen.findByRole('heading', {
          level: 1,
          name: "Thanks! We're verifying your company",
        }),
      ).toBeVisible();
      const main = within(screen.getByRole('main'));
      expect(main.getByText(/Verification takes 2 to 4 business days\./)).toBeVisible();
      expect(main.getByText('Initech')).toBeVisible();
      expect(main.getByText('pending@initech.test')).toBeVisible();
      expect(await axeViolations()).toEqual([]);

      await user.click(main.getByRole('button', { name: 'Log out' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/logout'));
    });

    it('tells a declined company so, with whom to contact', async () => {
      serveOnboarding({
        user: userWithoutCustomer('pending@initech.test'),
        pendingCustomer: pendingCustomer('DECLINED'),
      });
      await renderConsole('/onboard/pending-confirmation', signedInAs('pending@initech.test'));

      expect(
        await screen.findByRole('heading', { level: 1, name: "We couldn't approve Initech" }),
      ).toBeVisible();
      expect(screen.getByRole('link', { name: contactEmails.compliance })).toHaveAttribute(
        'href',
        `mailto:${contactEmails.compliance}`,
      );
      expect(screen.getByRole('button', { name: 'Log out' })).toBeVisible();
      expect(await axeViolations()).toEqual([]);
    });
  });

  describe('/onboard/customer-exists', () => {
    it('names the domain and the company, and says to ask for an invite', async () => {
      localStorage.setItem(ONBOARDING_FLAG_KEY, 'true');
      const server = serveOnboarding({ user: userWithoutCustomer('nina@acme.test') });
      await renderConsole('/onboard/customer-exists', signedInAs('nina@acme.test'));

      expect(
        await screen.findByRole('heading', { level: 1, name: 'acme.test already has an account' }),
      ).toBeVisible();
      expect(await screen.findByText(/Acme Rewards Ltd already uses Boon\./)).toBeVisible();
      expect(
        screen.getByText(/ask a colleague or your company's admin to invite you/),
      ).toBeVisible();
      expect(server.callsTo('GET', '/customer/exists')[0]?.query.get('domain')).toBe('acme.test');
      expect(screen.getByRole('button', { name: 'Log out' })).toBeVisible();
      expect(await axeViolations()).toEqual([]);
    });

    it('reads the same without the company name', async () => {
      localStorage.setItem(ONBOARDING_FLAG_KEY, 'true');
      serveOnboarding({ user: userWithoutCustomer('nina@initech.test') });
      await renderConsole('/onboard/customer-exists', signedInAs('nina@initech.test'));

      expect(
        await screen.findByRole('heading', { name: 'initech.test already has an account' }),
      ).toBeVisible();
      expect(screen.queryByText(/already uses/)).toBeNull();
    });
  });

  describe('/onboard/personal-email-restriction', () => {
    it('explains a company address is needed and lists the public hosts', async () => {
      localStorage.setItem(ONBOARDING_FLAG_KEY, 'true');
      serveOnboarding({ user: null, email: 'nina@gmail.com' });
      await renderConsole('/onboard/personal-email-restriction', signedInAs('nina@gmail.com'));

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Use your company e-mail address' }),
      ).toBeVisible();
      expect(screen.getByText('nina@gmail.com')).toBeVisible();
      const hosts = within(screen.getByRole('list')).getAllByRole('listitem');
      expect(hosts.map((item) => item.textContent)).toEqual([...publicEmailHosts]);
      expect(await axeViolations()).toEqual([]);
    });

    it('"Sign up with another e-mail" logs out, then opens sign-up', async () => {
      const user = userEvent.setup();
      localStorage.setItem(ONBOARDING_FLAG_KEY, 'true');
      serveOnboarding({ user: null, email: 'nina@gmail.com' });
      const auth = signedInAs('nina@gmail.com');
      const { router } = await renderConsole('/onboard/personal-email-restriction', auth);

      await user.click(await screen.findByRole('button', { name: 'Sign up with another e-mail' }));

      await waitFor(() => expect(auth.signOut).toHaveBeenCalledTimes(1));
      expect(router.state.location.pathname).toBe('/logout');
      expect(sessionStorage.getItem(SIGNUP_AFTER_LOGOUT_KEY)).toBe('true');
      // The company flag stays: the next sign-up still creates a company.
      expect(localStorage.getItem(ONBOARDING_FLAG_KEY)).toBe('true');
    });
  });

  describe('/onboard/invite-expired', () => {
    it('says the invite cannot be used and to ask for a new one', async () => {
      localStorage.setItem(INVITE_TOKEN_KEY, 'old');
      serveOnboarding({ user: null, invites: { old: { status: 422 } } });
      await renderConsole('/onboard/invite-expired', signedInAs('late@acme.test'));

      expect(
        await screen.findByRole('heading', {
          level: 1,
          name: 'This invite has expired or is no longer valid',
        }),
      ).toBeVisible();
      expect(
        screen.getByText(/Ask the person who invited you to send you a new one/),
      ).toBeVisible();
      expect(screen.getByRole('button', { name: 'Log out' })).toBeVisible();
      expect(await axeViolations()).toEqual([]);
    });
  });

  describe('/onboard/closed (public)', () => {
    it('says the account is closed, with the support address', async () => {
      await renderConsole('/onboard/closed', signedOut());

      expect(
        screen.getByRole('heading', { level: 1, name: 'This account is closed' }),
      ).toBeVisible();
      expect(screen.getByRole('link', { name: contactEmails.support })).toBeVisible();
      expect(document.title).toBe('Account closed · Boon');
      expect(await axeViolations()).toEqual([]);
    });
  });

  describe('/onboard/verify-email (public)', () => {
    it('names the address, resends through the provider and leads back to sign-in', async () => {
      await renderConsole('/onboard/verify-email?email=nina%40initech.test', signedOut());

      expect(
        screen.getByRole('heading', { level: 1, name: 'Verify your e-mail address' }),
      ).toBeVisible();
      expect(screen.getByText('nina@initech.test')).toBeVisible();
      const resend = screen.getByRole('button', { name: 'Resend verification e-mail' });
      const form = resend.closest('form');
      expect(form).toHaveAttribute('method', 'get');
      expect(form?.getAttribute('action')).toMatch(/\/idp\/verify-email\/resend$/);
      expect(form?.querySelector('input[type="hidden"][name="email"]')).toHaveValue(
        'nina@initech.test',
      );
      expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
        'href',
        '/login?email=nina%40initech.test',
      );
      expect(screen.queryByRole('link', { name: 'Log out' })).toBeNull();
      expect(await axeViolations()).toEqual([]);
    });

    it('asks for the address when the link carried none, and will not send without a valid one', async () => {
      const user = userEvent.setup();
      // The browser's own submission of the form, which opens the provider's page.
      const sent = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
      await renderConsole('/onboard/verify-email', signedOut());

      const address = screen.getByRole('textbox', { name: 'Email address' });
      expect(address).toHaveAttribute('name', 'email');
      const form = address.closest('form');
      if (!form) throw new Error('no form');
      const resend = screen.getByRole('button', { name: 'Resend verification e-mail' });
      expect(fireEvent.submit(form)).toBe(false); // default prevented: nothing is posted
      expect(await screen.findByText('This field is required.')).toBeVisible();
      expect(address).toHaveFocus();

      // The contract's e-mail rule, in its words.
      await user.type(address, 'nina@initech');
      await user.click(resend);
      expect(address).toHaveAccessibleDescription(/Enter a valid e-mail address/);
      expect(sent).not.toHaveBeenCalled();

      await user.type(address, '.test');
      await user.click(resend);
      await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
      expect(sent.mock.contexts[0]).toBe(form);
      expect(new FormData(form).get('email')).toBe('nina@initech.test');
      expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
        'href',
        '/login',
      );
      sent.mockRestore();
    });
  });
});
