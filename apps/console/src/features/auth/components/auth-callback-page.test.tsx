import { screen, waitFor } from '@testing-library/react';
import { ErrorResponse } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth } from '../../../test/fake-auth';
import { renderConsole } from '../../../test/render-console';

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
      error_description: 'User is blocked',
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
});
