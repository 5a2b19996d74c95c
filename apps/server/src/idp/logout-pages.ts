import type { KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml, html, renderPage, SafeHtml, type PageContext } from './html.js';

type LogoutSource = (ctx: KoaContextWithOIDC, form: string) => void;

/**
 * `features.rpInitiatedLogout.logoutSource`: the page between a logout request and oidc-provider's
 * confirm endpoint. Both versions post oidc-provider's form (action URL and CSRF token) with
 * `logout=yes`, which ends the whole provider session and its refresh tokens rather than only the
 * console's part of it.
 *
 * - When the request proves it comes from the signed-in user's own client (see
 *   `endsWithoutAsking`), the console has already asked, so the page submits itself (static
 *   script; without script, the form is one visible button away).
 * - Otherwise any site could sign the user out by sending the browser here, so the page asks
 *   "Sign out of {product}?" and nothing happens until the user answers.
 */
export function createLogoutSource(page: PageContext, logoutScriptUrl: string): LogoutSource {
  return (ctx: KoaContextWithOIDC, form: string): void => {
    // `form` is oidc-provider's own markup, trusted as it is.
    const logoutForm = html`${new SafeHtml(form)}
      <input type="hidden" name="logout" value="yes" form="op.logoutForm" />`;
    ctx.type = 'html';
    ctx.body = endsWithoutAsking(ctx)
      ? renderPage(page, {
          title: 'Signing out',
          scriptUrls: [logoutScriptUrl],
          main: html`<h1>Signing you out</h1>
            <p class="lead">One moment while we sign you out of ${page.productName}.</p>
            ${logoutForm}
            <noscript>
              <p>Select the button to finish signing out.</p>
              <button type="submit" form="op.logoutForm">Sign out</button>
            </noscript>`,
        })
      : renderPage(page, {
          title: 'Sign out',
          main: html`<h1>Sign out of ${page.productName}?</h1>
            <p class="lead">This ends your ${page.productName} session in this browser.</p>
            ${logoutForm}
            <button type="submit" form="op.logoutForm">Sign out</button>
            <p class="alternative"><a href="${page.homeUrl}">Stay signed in</a></p>`,
        });
  };
}

/**
 * How far an ID token's `iat` may precede the session's sign-in and still count as issued in it:
 * room for clocks of several server processes that disagree by a little.
 */
const CLOCK_SKEW_SECONDS = 10;

/**
 * Whether this logout request may end the session without asking (OpenID Connect RP-Initiated
 * Logout 1.0 §2: the OP must ask when there is no id_token_hint, or when it does not belong to the
 * current session and user).
 *
 * oidc-provider sets the `IdTokenHint` entity only for a request that carried an id_token_hint,
 * and validates it (signature, issuer, audience: a registered client) before logoutSource runs; an
 * invalid hint ends the request with an error instead. A valid signature alone proves little: any
 * user can hold an ID token of their own, and an old one of this user's may sit in browser history
 * or a log (end-session URLs carry it). So its subject must be the signed-in account, and it must
 * have been issued since this session signed in. (The console's ID tokens carry no `sid`: oidc-
 * provider adds one only for back-channel logout clients or when the client asks for it.)
 * With nobody signed in there is nothing to end, and the request goes through as before.
 */
function endsWithoutAsking(ctx: KoaContextWithOIDC): boolean {
  const { session, entities } = ctx.oidc;
  if (!session?.accountId) return true;
  const hint = entities.IdTokenHint?.payload;
  if (!hint || hint.sub !== session.accountId) return false;
  return (
    typeof hint.iat === 'number' &&
    typeof session.loginTs === 'number' &&
    hint.iat >= session.loginTs - CLOCK_SKEW_SECONDS
  );
}

/**
 * Provider middleware. When there is no signed-in session (signed out in another tab, say),
 * oidc-provider skips logoutSource and answers with its own auto-submitting page, which needs an
 * inline script (it adds the script's hash to the CSP for it). This puts our page, with the same
 * form and CSRF token, in its place, under the CSP as it was. Should a future oidc-provider keep
 * the token elsewhere, its own page simply stays.
 */
export function createSessionlessLogoutPage(logoutSource: LogoutSource) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<unknown>): Promise<void> => {
    const policy = ctx.response.get('content-security-policy');
    await next();
    const { oidc } = ctx;
    if (oidc?.route !== 'end_session' || ctx.status !== 200 || oidc.session?.accountId) return;
    const secret = oidc.session?.state?.secret;
    if (typeof secret !== 'string') return;
    const action = oidc.urlFor('end_session_confirm');
    logoutSource(
      ctx,
      `<form id="op.logoutForm" method="post" action="${escapeHtml(action)}"><input type="hidden" name="xsrf" value="${escapeHtml(secret)}"/></form>`,
    );
    if (policy) ctx.set('content-security-policy', policy);
  };
}

/** Shown when a logout request named no post_logout_redirect_uri. */
export function createPostLogoutSuccessSource(page: PageContext) {
  return (ctx: KoaContextWithOIDC): void => {
    ctx.type = 'html';
    ctx.body = renderPage(page, {
      title: 'Signed out',
      main: html`<h1>You are signed out</h1>
        <p class="lead">You have signed out of ${page.productName}.</p>
        <p><a href="${page.homeUrl}">Sign in again</a></p>`,
    });
  };
}
