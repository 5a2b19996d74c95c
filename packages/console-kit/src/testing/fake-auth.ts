import { vi } from 'vitest';
import type { Auth } from '../auth/auth';

/** An Auth whose every method is a spy; signed in unless told otherwise. */
export function fakeAuth(overrides: Partial<Auth> = {}): Auth {
  return {
    isSignedIn: vi.fn(async () => true),
    getAccessToken: vi.fn(async () => 'access-token'),
    refresh: vi.fn(async () => false),
    ensureCustomerToken: vi.fn(async () => true),
    signIn: vi.fn(async () => {}),
    signup: vi.fn(async () => {}),
    completeSignIn: vi.fn(async () => ({ returnTo: '/' })),
    signOut: vi.fn(async () => {}),
    ...overrides,
  };
}
