import type { User } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { createAuth, type UserManagerPort } from './auth-client';

function user(fields: Partial<User>): User {
  return {
    access_token: 'token',
    expired: false,
    refresh_token: 'refresh',
    state: undefined,
    ...fields,
  } as User;
}

function userManager(current: User | null) {
  let stored = current;
  return {
    getUser: vi.fn(async () => stored),
    removeUser: vi.fn(async () => {
      stored = null;
    }),
    signinRedirect: vi.fn(async () => {}),
    signinRedirectCallback: vi.fn(async () => user({})),
    signinSilent: vi.fn(async () => {
      stored = user({ access_token: 'renewed' });
      return stored;
    }),
    signoutRedirect: vi.fn(async () => {}),
  } satisfies UserManagerPort;
}

describe('createAuth', () => {
  it('is signed out without a stored user', async () => {
    const auth = createAuth(userManager(null));

    await expect(auth.isSignedIn()).resolves.toBe(false);
    await expect(auth.getAccessToken()).resolves.toBeNull();
  });

  it('uses a stored user whose token is still valid', async () => {
    const manager = userManager(user({ access_token: 'valid' }));
    const auth = createAuth(manager);

    await expect(auth.getAccessToken()).resolves.toBe('valid');
    expect(manager.signinSilent).not.toHaveBeenCalled();
  });

  it('renews an expired token with the refresh token', async () => {
    const manager = userManager(user({ expired: true }));
    const auth = createAuth(manager);

    await expect(auth.isSignedIn()).resolves.toBe(true);
    await expect(auth.getAccessToken()).resolves.toBe('renewed');
  });

  it('is signed out when an expired token cannot be renewed', async () => {
    const manager = userManager(user({ expired: true }));
    manager.signinSilent.mockRejectedValueOnce(new Error('invalid_grant'));
    vi.spyOn(console, 'warn').mockImplementationOnce(() => {});

    await expect(createAuth(manager).isSignedIn()).resolves.toBe(false);
  });

  it('does not try to renew without a refresh token', async () => {
    const manager = userManager(user({ expired: true, refresh_token: undefined }));

    await expect(createAuth(manager).refresh()).resolves.toBe(false);
    expect(manager.signinSilent).not.toHaveBeenCalled();
  });

  it('shares one renewal between concurrent callers', async () => {
    const manager = userManager(user({ expired: true }));
    const auth = createAuth(manager);

    await Promise.all([auth.getAccessToken(), auth.getAccessToken(), auth.refresh()]);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('returns to the path saved when sign-in started', async () => {
    const manager = userManager(null);
    manager.signinRedirectCallback.mockResolvedValueOnce(user({ state: { returnTo: '/?tab=2' } }));

    await expect(createAuth(manager).completeSignIn()).resolves.toEqual({ returnTo: '/?tab=2' });
  });

  it('signs out through the provider back to the given address', async () => {
    const manager = userManager(user({}));

    await createAuth(manager).signOut('http://localhost:8080/');
    expect(manager.signoutRedirect).toHaveBeenCalledWith({
      post_logout_redirect_uri: 'http://localhost:8080/',
    });
  });
});
