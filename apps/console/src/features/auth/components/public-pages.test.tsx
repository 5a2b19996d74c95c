import { axeViolations } from '@boon/ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuth } from '../../../auth/auth-client';
import { createSharedStore, fakeUserManager } from '../../../test/fake-identity';
import { fakeAuth, renderConsole } from '@boon/console-kit/testing';
import { INVITE_TOKEN_KEY, ONBOARDING_FLAG_KEY } from '@boon/console-kit';

const robotsMeta = () => document.head.querySelector('meta[name="robots"]');

describe('the public sign-up links (spec 2.2)', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe('/signup', () => {
    it('shows "Let\'s signup…" and opens the sign-up screen with the email as login hint', async () => {
      const userManager = fakeUserManager(createSharedStore(null));
      await renderConsole('/signup?email=ada%40initech.test', createAuth(userManager));

      expect(screen.getByRole('heading', { level: 1, name: "Let's signup…" })).toBeVisible();
      expect(userManager.signinRedirect).toHaveBeenCalledTimes(1);
      expect(userManager.signinRedirect).toHaveBeenCalledWith({
        state: { returnTo: '/' },
        prompt: 'login',
        extraQueryParams: { screen_hint: 'signup' },
        login_hint: 'ada@initech.test',
      });
      expect(document.title).toBe('Sign up · Boon');
      // Not an invite's sign-up: someone setting up a company (spec 4.1's flag).
      expect(localStorage.getItem(ONBOARDING_FLAG_KEY)).toBe('true');
    });

    it('sends no login hint without an email', async () => {
      const userManager = fakeUserManager(createSharedStore(null));
      await renderConsole('/signup', createAuth(userManager));

      expect(userManager.signinRedirect).toHaveBeenCalledWith({
        state: { returnTo: '/' },
        prompt: 'login',
        extraQueryParams: { screen_hint: 'signup' },
      });
    });

    it('tells search engines not to index it while it is shown, and only then', async () => {
      const { router } = await renderConsole('/signup', fakeAuth());

      expect(robotsMeta()).toHaveAttribute('content', 'noindex');
      await router.navigate({ to: '/onboard/closed' });
      await waitFor(() => expect(robotsMeta()).toBeNull());
    });

    it('offers a retry when the provider cannot be reached, by keyboard too', async () => {
      const user = userEvent.setup();
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const auth = fakeAuth({
        signup: vi
          .fn()
          .mockRejectedValueOnce(new Error('Failed to fetch'))
          .mockResolvedValue(undefined),
      });
      await renderConsole('/signup?email=ada%40initech.test', auth);

      expect(
        await screen.findByRole('heading', { name: "We couldn't reach the sign-up service" }),
      ).toBeVisible();
      expect(await axeViolations()).toEqual([]);
      await user.tab();
      expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(auth.signup).toHaveBeenCalledTimes(2);
      expect(auth.signup).toHaveBeenLastCalledWith('ada@initech.test', { forInvite: false });
    });
  });

  describe('/invite-link', () => {
    it('keeps the token, then opens sign-up for the invited address, saying "Please wait…"', async () => {
      const auth = fakeAuth();
      await renderConsole('/invite-link?email=new.hire%40acme.test&token=tok-123', auth);

      expect(screen.getByRole('heading', { level: 1, name: 'Please wait…' })).toBeVisible();
      expect(localStorage.getItem(INVITE_TOKEN_KEY)).toBe('tok-123');
      expect(auth.signup).toHaveBeenCalledTimes(1);
      expect(auth.signup).toHaveBeenCalledWith('new.hire@acme.test', { forInvite: true });
      // An invitee joins a company rather than setting one up.
      expect(localStorage.getItem(ONBOARDING_FLAG_KEY)).toBeNull();
      expect(await axeViolations()).toEqual([]);
    });

    it('works without an email or a token, and keeps an earlier token then', async () => {
      localStorage.setItem(INVITE_TOKEN_KEY, 'earlier');
      const auth = fakeAuth();
      await renderConsole('/invite-link', auth);

      expect(auth.signup).toHaveBeenCalledWith(undefined, { forInvite: true });
      expect(localStorage.getItem(INVITE_TOKEN_KEY)).toBe('earlier');
    });
  });

  describe('/onboarding-link', () => {
    it("sets the new-customer flag to the string 'true', then goes to /signup with the email", async () => {
      const auth = fakeAuth();
      const { router } = await renderConsole('/onboarding-link?email=ada%40initech.test', auth);

      expect(localStorage.getItem(ONBOARDING_FLAG_KEY)).toBe('true');
      expect(router.state.location.pathname).toBe('/signup');
      expect(router.state.location.search).toEqual({ email: 'ada@initech.test' });
      expect(auth.signup).toHaveBeenCalledWith('ada@initech.test', { forInvite: false });
    });

    it('goes to /signup without an email too', async () => {
      const auth = fakeAuth();
      const { router } = await renderConsole('/onboarding-link', auth);

      expect(localStorage.getItem(ONBOARDING_FLAG_KEY)).toBe('true');
      expect(router.state.location.href).toBe('/signup');
      expect(auth.signup).toHaveBeenCalledWith(undefined, { forInvite: false });
    });
  });

  it('/login keeps working', async () => {
    const auth = fakeAuth({ isSignedIn: vi.fn(async () => false) });
    await renderConsole('/login?email=owner%40acme.test', auth);

    expect(screen.getByRole('heading', { level: 1, name: 'Logging you in…' })).toBeVisible();
    expect(auth.signIn).toHaveBeenCalledWith({ loginHint: 'owner@acme.test', returnTo: undefined });
  });
});
