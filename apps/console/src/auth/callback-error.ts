import { ErrorResponse } from 'oidc-client-ts';

/** What the callback page does with a failed sign-in (spec 4.2). */
export type CallbackFailureAction = 'restart-login' | 'logout';

/** Provider answers that only mean "sign in again" (spec 4.2: login or MFA required). */
const RESTART_CODES = new Set(['login_required', 'interaction_required', 'consent_required']);

/**
 * Spec 4.2: an invalid state (e.g. a stale or replayed callback URL) and "login required"
 * restart login; every other failure logs the user out.
 */
export function callbackFailureAction(error: unknown): CallbackFailureAction {
  if (error instanceof ErrorResponse && error.error && RESTART_CODES.has(error.error)) {
    return 'restart-login';
  }
  if (error instanceof Error && /no (matching )?state/i.test(error.message)) return 'restart-login';
  return 'logout';
}
