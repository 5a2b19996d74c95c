import type { ErrorOut, KoaContextWithOIDC } from 'oidc-provider';
import { html, renderPage, type PageContext } from './html.js';

export interface ErrorPageOptions {
  title: string;
  message: string;
  /** The protocol error code, shown small for support conversations. */
  code?: string;
}

export function renderErrorPage(page: PageContext, options: ErrorPageOptions): string {
  return renderPage(page, {
    title: options.title,
    main: html`<h1>${options.title}</h1>
      <p>${options.message}</p>
      ${options.code ? html`<p class="lead">Error code: ${options.code}</p>` : ''}
      <p><a href="${page.homeUrl}">Back to ${page.productName}</a></p>`,
  });
}

/**
 * `renderError`: oidc-provider's errors that cannot go back to the client (an unknown client, a
 * redirect_uri that is not registered, ...) in our page instead of its default (which loads web
 * fonts and inline styles our CSP refuses).
 */
export function createRenderError(page: PageContext) {
  return (ctx: KoaContextWithOIDC, out: ErrorOut): void => {
    ctx.type = 'html';
    ctx.body = renderErrorPage(page, {
      title: 'Sign-in could not continue',
      message: out.error_description ?? 'The request could not be completed.',
      code: out.error,
    });
  };
}
