import type { ApiClient } from '../api/api-client';
import { activateUser } from './onboarding-api';
import { clearInviteToken, readInviteToken } from './onboarding-storage';

/** Spec 8: the alert when accepting an invite fails. */
export const ACTIVATION_FAILED_MESSAGE = 'There was a problem activating the invited user';

export type InviteAcceptance = 'activated' | 'failed' | 'none';

/**
 * Accepts the invite whose token /invite-link stored, for a user who exists (POST /user/activate).
 * The token is used once: it is forgotten whatever the answer, so a refused invite does not raise
 * the same alert on every page (opening the invite link again stores it anew).
 */
export async function acceptStoredInvite(api: ApiClient): Promise<InviteAcceptance> {
  const token = readInviteToken();
  if (!token) return 'none';
  try {
    await activateUser(api, token);
    return 'activated';
  } catch (error) {
    console.warn('The invite could not be accepted', error);
    return 'failed';
  } finally {
    clearInviteToken();
  }
}
