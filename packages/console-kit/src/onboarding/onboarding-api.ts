import {
  customerManagementApi as cm,
  type InviteByToken,
  type OnboardingStateResponse,
  type UserActivated,
  type UserMe,
} from '@boon/contracts';
import type { ApiClient } from '../api/api-client';
import { isApiError, NO_RESPONSE_STATUS } from '../api/api-error';

/**
 * The customer management calls the onboarding gate makes (the screens' own are the accounts
 * app's). None of them is about a customer the user acts
 * for (the user has none yet, or is joining one), so none sends x-customer-id: a selection left
 * over from another account must not get them refused.
 */
const aboutTheUser = { withCustomerId: false } as const;

/** GET /user/me; null when the signed-in identity has no backend user yet (404, spec 4.1). */
export async function fetchUserMeOrNull(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<UserMe | null> {
  try {
    return await api.call(cm.getUserMe, { ...aboutTheUser, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** The invite lookup as the derivation of spec 4.1 reads it, with the invite when valid. */
export type InviteLookup =
  { status: 'valid'; invite: InviteByToken } | { status: 'invalid' | 'none' | 'unknown' };

/**
 * GET /user/invite?token=…: valid (200), invalid (422: expired or invalid), none (404 or 400, or
 * no token at all), unknown (any other answer). A call that got no answer, or a server failure,
 * is thrown instead: the page offers a retry rather than deciding the user's path on an outage.
 */
export async function lookupInvite(
  api: ApiClient,
  token: string | null,
  signal?: AbortSignal,
): Promise<InviteLookup> {
  if (!token) return { status: 'none' };
  try {
    const invite = await api.call(cm.lookUpInvites, { ...aboutTheUser, query: { token }, signal });
    // With a token the endpoint answers that invite; a list is the customer_id mode's answer.
    if (Array.isArray(invite)) return { status: 'unknown' };
    return { status: 'valid', invite };
  } catch (error) {
    if (!isApiError(error) || error.status === NO_RESPONSE_STATUS || error.status >= 500) {
      throw error;
    }
    if (error.status === 422) return { status: 'invalid' };
    if (error.status === 404 || error.status === 400) return { status: 'none' };
    console.warn('The invite lookup gave an unexpected answer', error);
    return { status: 'unknown' };
  }
}

/** POST /user/activate: accepts the invite, joining its customer with its roles. */
export function activateUser(api: ApiClient, token: string): Promise<UserActivated> {
  return api.call(cm.activateUser, { ...aboutTheUser, body: { token } });
}

/** GET /onboarding-state: the user's pending customer; null when there is none (404). */
export async function fetchOnboardingState(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<OnboardingStateResponse | null> {
  try {
    return await api.call(cm.getOnboardingState, { ...aboutTheUser, signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
