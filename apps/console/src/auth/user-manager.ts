import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import type { ConsoleConfig } from '@boon/console-kit';
import { EXPIRING_NOTIFICATION_SECONDS } from './auth-client';
import { clientSettings } from './client-settings';

export { CALLBACK_PATH } from './client-settings';

/**
 * The OpenID Connect client: code flow with PKCE, refresh tokens for renewal, and the user
 * kept in localStorage so a new tab or a reload stays signed in (spec 9: "Authentication is kept
 * in local storage with refresh tokens").
 */
export function createUserManager(oidc: ConsoleConfig['oidc'], origin: string): UserManager {
  return new UserManager({
    ...clientSettings(oidc, origin),
    // Off: every tab would renew on its own timer, at the same moment as the others, and the
    // provider revokes the whole grant when a rotated refresh token is used twice. createAuth
    // renews from the same accessTokenExpiring event, one tab at a time (auth-client.ts).
    automaticSilentRenew: false,
    accessTokenExpiringNotificationTimeInSeconds: EXPIRING_NOTIFICATION_SECONDS,
    // Profile claims come from /user/me; the extra userinfo round trip would add nothing.
    loadUserInfo: false,
    userStore: new WebStorageStateStore({ store: window.localStorage }),
  });
}
