import type { KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml, html, renderPage, SafeHtml, type PageContext } from './html.js';

type LogoutSource = (ctx: KoaContextWithOIDC, form: string) => void;

/**
 * `features.rpInitiatedLogout.logoutSource`. oidc-provider would ask "do you want to sign out?";
 * the console has already asked, so this page submits oidc-provider's form by itself (static
 * script) with `logout=yes`, which ends the whole provider session rather than only the
 * console's part of it. Without script, the same form is one visible button away.
 */
export function createLogoutSource(page: PageContext, logoutScriptUrl: string): LogoutSource {
  return (ctx: KoaContextWithOIDC, form: string): void => {
    ctx.type = 'html';
    ctx.body = renderPage(page, {
      title: 'Signing out',
      scriptUrls: [logoutScriptUrl],
      // `form` is oidc-provider's own markup (action URL and CSRF token), trusted as it is.
      main: html`<h1>Signing you out</h1>
        <p class="lead">One moment while we sign you out of ${page.productName}.</p>
        ${new SafeHtml(form)}
        <input type="hidden" name="logout" value="yes" form="op.logoutForm" />
        <noscript>
          <p>Select the button to finish signing out.</p>
          <button type="submit" form="op.logoutForm">Sign out</button>
        </noscript>`,
    });
  };
}

/**
 * Provider middleware. When there is no signed-in session (signed out in another tab, say),
 * oidc-provider skips logoutSource and answers with its own auto-submitting page, which needs an
 * inline script. This puts our page, with the same form and CSRF token, in its place. Should a
 * future oidc-provider keep the token elsewhere, its own page simply stays.
 */
export function createSessionlessLogoutPage(logoutSource: LogoutSource) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<unknown>): Promise<void> => {
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
