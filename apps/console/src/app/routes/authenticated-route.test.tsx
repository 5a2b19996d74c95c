import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderConsole } from '@boon/console-kit/testing';

describe('the signed-in area', () => {
  it('sends signed-out users to /login before loading anything', async () => {
    const auth = fakeAuth({ isSignedIn: vi.fn(async () => false) });
    const { router } = await renderConsole('/', auth);

    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Logging you in…' })).toBeVisible();
    expect(auth.signIn).toHaveBeenCalledWith({ loginHint: undefined, returnTo: undefined });
  });

  it('keeps the requested address so sign-in can come back to it', async () => {
    const auth = fakeAuth({ isSignedIn: vi.fn(async () => false) });
    const { router } = await renderConsole('/?tab=2', auth);

    expect(router.state.location.search).toEqual({ redirect: '/?tab=2' });
    expect(auth.signIn).toHaveBeenCalledWith({ loginHint: undefined, returnTo: '/?tab=2' });
  });
});
