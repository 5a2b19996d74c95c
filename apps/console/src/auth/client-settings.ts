import type { UserManagerSettings } from 'oidc-client-ts';
import type { ConsoleConfig } from '@boon/console-kit';

/** The sign-in path the provider returns to (spec 2.2: /auth/callback). */
export const CALLBACK_PATH = '/auth/callback';

/**
 * Who the console is to the provider: code flow with PKCE, for our API (RFC 8707's resource
 * indicator), back to /auth/callback. The user manager (user-manager.ts) and the hand-off that
 * runs before the console loads (sign-in-hand-off.ts) both ask with exactly these; this module
 * loads no OpenID Connect library, so the hand-off stays small.
 */
export function clientSettings(oidc: ConsoleConfig['oidc'], origin: string) {
  return {
    authority: oidc.issuer,
    // The endpoints, when the server gave them: no discovery request before the first redirect.
    ...(oidc.metadata ? { metadata: oidc.metadata } : {}),
    client_id: oidc.clientId,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: oidc.scope,
    // RFC 8707 resource indicator, so the provider issues an access token for our API.
    resource: oidc.audience,
  } satisfies Partial<UserManagerSettings>;
}

/**
 * The localStorage key of the signed-in user, as oidc-client-ts's UserManager names it (its user
 * store's "oidc." prefix, then `user:<authority>:<client_id>`); sign-in-hand-off.test.ts holds
 * the two together.
 */
export function storedUserKey(oidc: ConsoleConfig['oidc']): string {
  return `oidc.user:${oidc.issuer}:${oidc.clientId}`;
}
