import type { EventEmitter } from 'node:events';
import { SIGNUP_FOR_PARAM } from '@boon/contracts';
import type { Accounts } from '@boon/customer-management';
import type { Database } from '@boon/db';
import type { FastifyBaseLogger } from 'fastify';
import type { OidcProviderMetadata } from '@boon/contracts';
import { errors, Provider, type Configuration, type JWK as ProviderJwk } from 'oidc-provider';
import type { ServerConfig } from '../config.js';
import { createAccessTokenClaims, createFindAccount, scopeClaims } from './account-claims.js';
import { createPayloadAdapter } from './adapter.js';
import { createRenderError } from './error-page.js';
import { createFirstPartyGrantLoader } from './first-party-grant.js';
import type { PageContext } from './html.js';
import type { IdpSecrets } from './keys.js';
import { createRefreshRotation } from './refresh-rotation.js';
import {
  createLogoutSource,
  createPostLogoutSuccessSource,
  createSessionlessLogoutPage,
} from './logout-pages.js';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ACCESS_TOKEN_TTL = 10 * MINUTE;
const REFRESH_TOKEN_TTL = 14 * DAY;
const ANONYMOUS_INTERACTION_TTL = 10 * MINUTE;

export interface ProviderOptions {
  config: ServerConfig;
  db: Database;
  accounts: Accounts;
  secrets: IdpSecrets;
  page: PageContext;
  logoutScriptUrl: string;
  log: FastifyBaseLogger;
}

/** The path the provider is served under, e.g. /idp (from the issuer URL). */
export function basePathOf(issuer: string): string {
  return new URL(issuer).pathname.replace(/\/+$/, '');
}

/**
 * The provider's endpoints the console uses, under the issuer (oidc-provider's default paths,
 * named here so that the console's configuration and the provider cannot disagree).
 */
const routes = {
  authorization: '/auth',
  token: '/token',
  end_session: '/session/end',
  revocation: '/token/revocation',
  jwks: '/jwks',
  userinfo: '/me',
} as const satisfies Configuration['routes'];

/**
 * What the provider's discovery document says about those endpoints. The console gets it with
 * its configuration, so a signed-out visit goes to sign-in without fetching the document first.
 */
export function providerMetadata(issuer: string): OidcProviderMetadata {
  const at = (path: string) => `${issuer.replace(/\/+$/, '')}${path}`;
  return {
    issuer,
    authorization_endpoint: at(routes.authorization),
    token_endpoint: at(routes.token),
    end_session_endpoint: at(routes.end_session),
    revocation_endpoint: at(routes.revocation),
    jwks_uri: at(routes.jwks),
    userinfo_endpoint: at(routes.userinfo),
  };
}

/**
 * The oidc-provider instance: one public first-party client (the console), code flow with PKCE,
 * rotating refresh tokens, JWT access tokens for our API carrying the claims decisions.md names.
 */
export function createProvider(options: ProviderOptions): Provider {
  const { config, accounts, secrets, page } = options;
  const { publicUrl } = config;
  const issuer = config.idp.issuer;
  const basePath = basePathOf(issuer);
  const audience = config.oidc.audience;
  const clientId = config.oidc.clientId;

  const logoutSource = createLogoutSource(page, options.logoutScriptUrl);
  const configuration: Configuration = {
    adapter: createPayloadAdapter(options.db),
    jwks: { keys: secrets.signingKeys as ProviderJwk[] },
    cookies: {
      keys: secrets.cookieKeys,
      names: { session: 'idp_session', interaction: 'idp_interaction', resume: 'idp_resume' },
      // `secure` is added by oidc-provider itself whenever the request came over HTTPS, so plain
      // http://localhost keeps working. The session cookie stays off the API's requests.
      long: { httpOnly: true, sameSite: 'lax', path: basePath || '/' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    clients: [
      {
        client_id: clientId,
        client_name: config.productName,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${publicUrl}/auth/callback`, `${publicUrl}/api-keys/auth/callback`],
        post_logout_redirect_uris: [`${publicUrl}/`, publicUrl],
      },
    ],
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    findAccount: createFindAccount(accounts),
    claims: scopeClaims,
    scopes: ['openid', 'email', 'profile', 'offline_access'],
    // The code flow's ID token carries the profile claims itself; the API's access tokens are
    // not accepted at userinfo (their audience is the API), so the ID token is where they live.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    clientAuthMethods: ['none'],
    // The console's /signup and /invite-link open the sign-up form (`screen_hint=signup`, as
    // hosted providers name it); `login_hint` is standard and always passed. /invite-link also
    // says the sign-up is an invitee's (`signup_for=invite`).
    extraParams: ['screen_hint', SIGNUP_FOR_PARAM],
    pkce: { required: () => true },
    loadExistingGrant: createFirstPartyGrantLoader(clientId),
    // Refresh tokens for the console without asking for offline_access: it is our own client.
    // They stay bound to the provider session (expiresWithSession's default), so signing out
    // ends them too.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: createRefreshRotation(audience),
    extraTokenClaims: createAccessTokenClaims(accounts),
    routes,
    interactions: {
      url: (_ctx, interaction) => `${basePath}/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource,
        postLogoutSuccessSource: createPostLogoutSuccessSource(page),
      },
      resourceIndicators: {
        enabled: true,
        // The console names no resource; every token it gets is for our API.
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            // Mirrors the OpenID scopes into the access token's `scope`, as hosted providers do;
            // authorisation itself rides on the `permissions` claim.
            scope: Object.keys(scopeClaims).join(' '),
            audience,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: MINUTE,
      IdToken: HOUR,
      // Anyone can start a sign-in without a cookie, and each start is stored: those get ten
      // minutes, enough to type a password. A browser already signed in here gets the hour.
      Interaction: (ctx) => (ctx.oidc.session?.accountId ? HOUR : ANONYMOUS_INTERACTION_TTL),
      Grant: REFRESH_TOKEN_TTL,
      Session: REFRESH_TOKEN_TTL,
      // A rotated refresh token keeps its predecessor's deadline: fourteen days from sign-in,
      // not fourteen days from the last refresh, so a leaked token cannot be kept alive.
      RefreshToken: (ctx) =>
        ctx.oidc.entities.RotatedRefreshToken?.remainingTTL ?? REFRESH_TOKEN_TTL,
    },
    renderError: createRenderError(page),
  };

  const provider = new Provider(issuer, configuration);
  // Koa trusts X-Forwarded-Proto/Host only behind a proxy we trust; Fastify limits which hops.
  provider.proxy = config.trustProxy !== false;
  // Security headers (CSP, nosniff, ...) come from the app's helmet, which sets them on the raw
  // response in onRequest, before middie hands the request to this Koa app.
  provider.use(createSessionlessLogoutPage(logoutSource));
  provider.on('server_error', (_ctx: unknown, error: unknown) => {
    options.log.error({ err: error }, 'identity provider error');
  });
  // Koa prints errors to stderr itself when nobody listens; route them to our log instead.
  // (@types/oidc-provider only types oidc-provider's own events, not Koa's.)
  (provider as unknown as EventEmitter).on('error', (error: unknown) => {
    options.log.error({ err: error }, 'identity provider request failed');
  });
  return provider;
}
