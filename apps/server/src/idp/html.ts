/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * A fragment of markup that is already safe. Values reach pages only through `html` below, which
 * escapes everything that is not a SafeHtml, so forgetting to escape is not possible.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Interpolation = SafeHtml | string | number | boolean | null | undefined | Interpolation[];

function render(value: Interpolation): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(value);
}

/** Tagged template that escapes every interpolated value unless it is SafeHtml. */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

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

/** What every page needs to know about where it is shown. */
export interface PageContext {
  productName: string;
  stylesheetUrl: string;
  /** Where "back to the product" links go: the console's start page. */
  homeUrl: string;
}

export interface PageOptions {
  title: string;
  main: SafeHtml;
  scriptUrls?: string[];
}

/** The document every identity provider page shares: one landmark, our stylesheet, no inline code. */
export function renderPage(
  { productName, stylesheetUrl }: PageContext,
  { title, main, scriptUrls = [] }: PageOptions,
): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title} – ${productName}</title>
        <link rel="stylesheet" href="${stylesheetUrl}" />
        ${scriptUrls.map((url) => html`<script src="${url}" defer></script>`)}
      </head>
      <body>
        <header class="brand">${logoMark}<span class="brand-name">${productName}</span></header>
        <main class="card">${main}</main>
      </body>
    </html> `.value;
}
