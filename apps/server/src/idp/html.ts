import { html, SafeHtml } from '@boon/service-kit';
import { stylesheet } from './stylesheet.js';

// The escaping template is shared with the other server-rendered pages (the card sandbox).
export { escapeHtml, html, SafeHtml } from '@boon/service-kit';

/** The console's product mark (packages/ui/src/logo.tsx), so both halves of sign-in look alike. */
const logoMark = html`<svg
  class="brand-mark"
  viewBox="0 0 32 32"
  aria-hidden="true"
  focusable="false"
>
  <rect width="32" height="32" rx="8" fill="#4f46e5" />
  <path d="M11 7.5v17" stroke="#fff" stroke-width="3" stroke-linecap="round" />
  <circle cx="17" cy="18.5" r="5.5" fill="none" stroke="#fff" stroke-width="3" />
</svg>`;

/**
 * The product mark as the tab's icon, inline like the console's (apps/console/index.html, the
 * same data URL): without one the browser asks for /favicon.ico, a round trip for nothing.
 */
export const iconDataUrl =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%234f46e5'/%3E%3Cpath d='M11 7.5v17' stroke='%23fff' stroke-width='3' stroke-linecap='round'/%3E%3Ccircle cx='17' cy='18.5' r='5.5' fill='none' stroke='%23fff' stroke-width='3'/%3E%3C/svg%3E";

/** What every page needs to know about where it is shown. */
export interface PageContext {
  productName: string;
  /** Where "back to the product" links go: the console's start page. */
  homeUrl: string;
}

export interface PageOptions {
  title: string;
  main: SafeHtml;
  scriptUrls?: string[];
}

/**
 * The stylesheet, inside each page: 4 KB that would otherwise be a render-blocking request, a
 * whole round trip before the sign-in form can paint on a phone's line (`npm run bench`). The
 * CSP allows inline styles (the console's style attributes need them); it allows no inline code.
 */
const inlineStylesheet = new SafeHtml(`<style>${stylesheet}</style>`);

/** The document every identity provider page shares: one landmark, our styles, no inline code. */
export function renderPage(
  { productName }: PageContext,
  { title, main, scriptUrls = [] }: PageOptions,
): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title} – ${productName}</title>
        <link rel="icon" href="${iconDataUrl}" />
        ${inlineStylesheet} ${scriptUrls.map((url) => html`<script src="${url}" defer></script>`)}
      </head>
      <body>
        <header class="brand">${logoMark}<span class="brand-name">${productName}</span></header>
        <main class="card">${main}</main>
      </body>
    </html> `.value;
}
