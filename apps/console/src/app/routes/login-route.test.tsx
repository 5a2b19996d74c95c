import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuth } from '../../auth/auth-client';
import { renderConsole } from '@boon/console-kit/testing';
import {
  createSharedStore,
  fakeUserManager as signedOutUserManager,
} from '../../test/fake-identity';

/** A UserManager stand-in: nobody signed in, and a redirect that records its arguments. */
const fakeUserManager = () => signedOutUserManager(createSharedStore(null));

describe('/login', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows "Logging you in…" and hands the email to the provider as login_hint', async () => {
    const userManager = fakeUserManager();
    await renderConsole('/login?email=owner%40acme.test', createAuth(userManager));

    expect(screen.getByRole('heading', { level: 1, name: 'Logging you in…' })).toBeVisible();
    expect(userManager.signinRedirect).toHaveBeenCalledTimes(1);
    expect(userManager.signinRedirect).toHaveBeenCalledWith(
      expect.objectContaining({ login_hint: 'owner@acme.test' }),
    );
  });

  it('sends no login_hint without an email', async () => {
    const userManager = fakeUserManager();
    await renderConsole('/login', createAuth(userManager));

    expect(userManager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/' } });
  });

  it('carries the page the guard protected through the provider', async () => {
    const userManager = fakeUserManager();
    await renderConsole('/login?redirect=%2F%3Ftab%3D2', createAuth(userManager));

    expect(userManager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/?tab=2' } });
  });

  it('refuses to carry a path that leaves the console', async () => {
    const userManager = fakeUserManager();
    await renderConsole('/login?redirect=%2F%2Fevil.example%2F', createAuth(userManager));

    expect(userManager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/' } });
  });

  it('offers a retry when the provider cannot be reached', async () => {
    const userManager = fakeUserManager();
    userManager.signinRedirect.mockRejectedValueOnce(new Error('Failed to fetch'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderConsole('/login', createAuth(userManager));

    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(
      screen.getByRole('heading', { level: 1, name: "We couldn't reach the sign-in service" }),
    ).toBeVisible();
    retry.click();
    expect(userManager.signinRedirect).toHaveBeenCalledTimes(2);
  });
});
