import { ErrorResponse } from 'oidc-client-ts';

/**
 * What the callback page does with a failed sign-in (spec 4.2 and the login errors of spec 8):
 * - `verify-email`: the address is not verified yet; the verify-email screen, with the address
 *   when the provider named it.
 * - `blocked`: the user is blocked; say so, then log out.
 * - `restart-login`: login (or MFA) is required again, or the callback's state is unknown.
 * - `logout`: anything else.
 */
export type CallbackFailure =
  | { action: 'verify-email'; email: string | null }
  | { action: 'blocked' }
  | { action: 'restart-login' }
  | { action: 'logout' };

/**
 * The error description the embedded provider (apps/server/src/idp/interaction-routes.ts) ends a
 * sign-in with when the password was right but the address is unverified:
 * `email-unverified:` and the address, percent-encoded. Any OpenID provider may send the same.
 */
export const EMAIL_UNVERIFIED_PREFIX = 'email-unverified:';

/**
 * "user is blocked": the embedded provider's description for a blocked user (after the right
 * password), and the one hosted providers such as Auth0 use (with error `unauthorized`).
 */
const USER_BLOCKED = /^user is blocked\b/i;

/** Provider answers that only mean "sign in again" (spec 4.2: login or MFA required). */
const RESTART_CODES = new Set(['login_required', 'interaction_required', 'consent_required']);

/** The address after the prefix, decoded; the text as it came if it is not percent-encoding. */
function emailFrom(description: string): string | null {
  const raw = description.slice(EMAIL_UNVERIFIED_PREFIX.length).trim();
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function classifyCallbackFailure(error: unknown): CallbackFailure {
  if (error instanceof ErrorResponse) {
    const description = error.error_description?.trim() ?? '';
    if (description.toLowerCase().startsWith(EMAIL_UNVERIFIED_PREFIX)) {
      return { action: 'verify-email', email: emailFrom(description) };
    }
    if (USER_BLOCKED.test(description)) return { action: 'blocked' };
    if (error.error && RESTART_CODES.has(error.error)) return { action: 'restart-login' };
    return { action: 'logout' };
  }
  // oidc-client-ts's own errors for a callback whose state it does not hold (a stale or
  // replayed callback URL, another tab's sign-in): "No matching state found in storage",
  // "No state in response".
  if (error instanceof Error && /no (matching )?state/i.test(error.message)) {
    return { action: 'restart-login' };
  }
  return { action: 'logout' };
}

/** The console path of the verify-email screen (spec 2.3: onboarding-verify-email, query email). */
export function verifyEmailPath(email: string | null): string {
  return email
    ? `/onboard/verify-email?${new URLSearchParams({ email }).toString()}`
    : '/onboard/verify-email';
}
