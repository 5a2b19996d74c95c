import { axeViolations } from '@boon/ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorResponse } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderConsole } from '@boon/console-kit/testing';
import { useAppStore } from '@boon/console-kit/shell';

describe('/auth/callback', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows "Just logging you in…", then opens the page the user wanted', async () => {
    let finish: (value: { returnTo: string }) => void = () => {};
    const auth = fakeAuth({
      completeSignIn: vi.fn(
        () => new Promise<{ returnTo: string }>((resolve) => (finish = resolve)),
      ),
      isSignedIn: vi.fn(async () => false),
    });
    const { router } = await renderConsole('/auth/callback?code=abc&state=xyz', auth);

    expect(screen.getByRole('heading', { level: 1, name: 'Just logging you in…' })).toBeVisible();
    finish({ returnTo: '/no-such-page' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/no-such-page'));
    expect(auth.completeSignIn).toHaveBeenCalledTimes(1);
  });

  it('logs a failure, then logs the user out', async () => {
    const error = new ErrorResponse({
      error: 'access_denied',
      error_description: 'unsupported interaction: consent',
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const auth = fakeAuth({ completeSignIn: vi.fn(async () => Promise.reject(error)) });
    const { router } = await renderConsole('/auth/callback?error=access_denied', auth);

    await waitFor(() => expect(router.state.location.pathname).toBe('/logout'));
    expect(logged).toHaveBeenCalledWith('Sign-in callback failed', error);
    expect(auth.signOut).toHaveBeenCalled();
  });

  it('restarts login when the callback state is unknown (spec 4.2)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const auth = fakeAuth({
      completeSignIn: vi.fn(async () =>
        Promise.reject(new Error('No matching state found in storage')),
      ),
    });
    const { router } = await renderConsole('/auth/callback?code=old&state=old', auth);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it('sends an unverified address to verify-email with the address (spec 4.2)', async () => {
    const error = new ErrorResponse({
      error: 'access_denied',
      error_description: 'email-unverified:unverified%40acme.test',
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const auth = fakeAuth({ completeSignIn: vi.fn(async () => Promise.reject(error)) });
    const { router } = await renderConsole('/auth/callback?error=access_denied', auth);

    await waitFor(() => expect(router.state.location.pathname).toBe('/onboard/verify-email'));
    expect(router.state.location.search).toEqual({ email: 'unverified@acme.test' });
    expect(logged).toHaveBeenCalledWith('Sign-in callback failed', error);
    expect(auth.signOut).not.toHaveBeenCalled();
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('tells a blocked user so, forgets the local session, and logs out from the keyboard', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    useAppStore.getState().setCustomerId('C-ACME0001');
    const auth = fakeAuth({
      completeSignIn: vi.fn(async () =>
        Promise.reject(
          new ErrorResponse({ error: 'access_denied', error_description: 'user is blocked' }),
        ),
      ),
    });
    const { router } = await renderConsole('/auth/callback?error=access_denied', auth);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account is blocked' }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Your account is blocked, so you can't sign in to Boon.",
    );
    expect(useAppStore.getState().customerId).toBeNull();
    expect(router.state.location.pathname).toBe('/auth/callback');
    expect(auth.signOut).not.toHaveBeenCalled();
    expect(await axeViolations()).toEqual([]);

    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Log out' })).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/logout'));
    await waitFor(() => expect(auth.signOut).toHaveBeenCalled());
  });

  it('starts a new login when the provider says login is required (spec 4.2)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const auth = fakeAuth({
      completeSignIn: vi.fn(async () =>
        Promise.reject(new ErrorResponse({ error: 'login_required' })),
      ),
    });
    const { router } = await renderConsole('/auth/callback?error=login_required', auth);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(auth.signIn).toHaveBeenCalled());
    expect(auth.signOut).not.toHaveBeenCalled();
  });
});
