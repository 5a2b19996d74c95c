/**
 * What onboarding keeps in the browser between the public links, the provider's sign-up and the
 * onboarding screens. The public pages import this module, so it stays free of zod and the
 * contracts. Storage can be unavailable (a privacy mode, a full quota): reads then find nothing
 * and writes are dropped, which onboarding survives (the server stays the authority).
 */
import { storageKeys } from '../state/storage-keys';

/** localStorage: the token of the invite being accepted (/invite-link), until it is used. */
export const INVITE_TOKEN_KEY = storageKeys.inviteToken;

/** localStorage: the new-customer onboarding flag of spec 2.2 and 9, the string 'true' while set. */
export const ONBOARDING_FLAG_KEY = storageKeys.onboardingFlag;

/** sessionStorage: set by "Sign up with another e-mail" so that the end of the logout opens /signup. */
export const SIGNUP_AFTER_LOGOUT_KEY = 'boon.onboarding.signupAfterLogout';

/** The most characters a stored invite token may have (the contract's limit). */
const INVITE_TOKEN_MAX_LENGTH = 200;

function local(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function read(storage: Storage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: Storage | null, key: string, value: string | null): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch (error) {
    console.warn(`Could not store ${key}`, error);
  }
}

export function storeInviteToken(token: string): void {
  const trimmed = token.trim();
  if (trimmed === '' || trimmed.length > INVITE_TOKEN_MAX_LENGTH) return;
  write(local(), INVITE_TOKEN_KEY, trimmed);
}

/** The stored invite token; null when there is none (or it cannot be a token). */
export function readInviteToken(): string | null {
  const token = read(local(), INVITE_TOKEN_KEY)?.trim() ?? '';
  return token === '' || token.length > INVITE_TOKEN_MAX_LENGTH ? null : token;
}

export function clearInviteToken(): void {
  write(local(), INVITE_TOKEN_KEY, null);
}

export function setOnboardingFlag(): void {
  write(local(), ONBOARDING_FLAG_KEY, 'true');
}

/** Spec 9: the flag counts as set only while it holds the string 'true'. */
export function isOnboardingFlagSet(): boolean {
  return read(local(), ONBOARDING_FLAG_KEY) === 'true';
}

export function clearOnboardingFlag(): void {
  write(local(), ONBOARDING_FLAG_KEY, null);
}

export function requestSignupAfterLogout(): void {
  write(session(), SIGNUP_AFTER_LOGOUT_KEY, 'true');
}

/** Whether a sign-up was asked for before the logout; asking forgets the request. */
export function takeSignupAfterLogout(): boolean {
  const requested = read(session(), SIGNUP_AFTER_LOGOUT_KEY) === 'true';
  if (requested) write(session(), SIGNUP_AFTER_LOGOUT_KEY, null);
  return requested;
}
