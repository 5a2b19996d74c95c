import { isHexColour, readableTextOn } from '@boon/domain';

/** A link in a mail: what it does, and where it goes (an absolute http(s) URL). */
export interface MailLink {
  label: string;
  url: string;
}

/** A mail's content: a heading, paragraphs, and the one button it is about. */
export interface MailContent {
  heading: string;
  paragraphs: string[];
  /** The one thing the mail asks for, shown as a button with its address spelled out below. */
  action?: MailLink;
  /** Other ways on (a password reset beside "Sign in"), shown as plain links under the button. */
  links?: MailLink[];
  /** Small print under the button, such as how long a link is valid. */
  footnote?: string;
  /**
   * A colour of the sender's (# and 3 or 6 hex digits), such as a reward message's: the heading
   * then sits on a band of it, in black or white, whichever reads better on it.
   */
  accent?: string;
}

export interface RenderedMail {
  text: string;
  html: string;
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => escapes[c] ?? c);
}

/**
 * The look of every mail: the console's colours (brand-600/700, ink, slate lines) written out,
 * since mail clients drop stylesheets and most CSS. Inline styles only, tables for layout (the
 * one layout every client honours), no images (nothing loads from anywhere, and nothing is lost
 * where images are blocked), and system fonts.
 */
const colours = {
  page: '#f1f5f9',
  card: '#ffffff',
  line: '#e2e8f0',
  ink: '#0f172a',
  muted: '#475569',
  brand: '#1d4ed8',
  button: '#1d4ed8',
  buttonText: '#ffffff',
} as const;
const font = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const paragraphStyle = `margin:0 0 16px 0;font-family:${font};font-size:16px;line-height:24px;color:${colours.ink}`;
const smallStyle = `margin:0 0 12px 0;font-family:${font};font-size:13px;line-height:20px;color:${colours.muted}`;
const linkStyle = `color:${colours.brand};text-decoration:underline`;

function checkLink(link: MailLink): void {
  if (!/^https?:\/\//.test(link.url)) throw new Error('Mail links must be absolute http(s) URLs');
}

/** A button that is a link in a table cell: clients that ignore padding on links still show it. */
function buttonHtml({ label, url }: MailLink): string {
  const href = escapeHtml(url);
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px 0">
<tr><td align="center" bgcolor="${colours.button}" style="border-radius:6px;background-color:${colours.button}">
<a href="${href}" style="display:inline-block;padding:12px 24px;font-family:${font};font-size:16px;line-height:20px;font-weight:600;color:${colours.buttonText};text-decoration:none;border-radius:6px">${escapeHtml(label)}</a>
</td></tr>
</table>
<p style="${smallStyle}">If the button doesn't work, copy this link into your browser:<br><a href="${href}" style="${linkStyle};word-break:break-all">${href}</a></p>`;
}

/**
 * The plain-text and HTML bodies of a mail. Every value is escaped and every link is an absolute
 * http(s) URL. The text part says everything the HTML does, each link as "label: URL" on its own
 * line, for clients that show text only (and for the e2e inbox, which reads links there).
 */
export function renderMail(content: MailContent, productName: string): RenderedMail {
  const links = content.links ?? [];
  if (content.action) checkLink(content.action);
  links.forEach(checkLink);

  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...links.flatMap((link) => [`${link.label}: ${link.url}`, '']),
    ...(content.footnote ? [content.footnote, ''] : []),
    `— ${productName}`,
  ].join('\n');

  const brand = escapeHtml(productName);
  // Checked here too: the colour goes into style attributes, where anything else could be CSS.
  if (content.accent !== undefined && !isHexColour(content.accent)) {
    throw new Error('Mail accents must be # and 3 or 6 hex digits');
  }
  const accent = content.accent?.toLowerCase();
  const heading = `<h1 style="margin:0 0 16px 0;font-family:${font};font-size:22px;line-height:28px;font-weight:700;color:${accent ? readableTextOn(accent) : colours.ink}">${escapeHtml(content.heading)}</h1>`;
  const body = [
    accent ? '' : heading,
    ...content.paragraphs.map((p) => `<p style="${paragraphStyle}">${escapeHtml(p)}</p>`),
    content.action ? buttonHtml(content.action) : '',
    ...links.map(
      (link) =>
        `<p style="${paragraphStyle}"><a href="${escapeHtml(link.url)}" style="${linkStyle}">${escapeHtml(link.label)}</a></p>`,
    ),
    content.footnote ? `<p style="${smallStyle}">${escapeHtml(content.footnote)}</p>` : '',
  ]
    .filter(Boolean)
    .join('\n');
  // The first paragraph doubles as the preview line inbox lists show beside the subject.
  const preview = content.paragraphs[0] ?? '';

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(content.heading)}</title>
</head>
<body style="margin:0;padding:0;background-color:${colours.page}">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(preview)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${colours.page}">
<tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px">
<tr><td style="padding:0 8px 16px 8px;font-family:${font};font-size:20px;line-height:24px;font-weight:700;color:${colours.brand}">${brand}</td></tr>
${
  accent
    ? `<tr><td bgcolor="${accent}" style="padding:28px 28px 12px 28px;background-color:${accent};border:1px solid ${colours.line};border-bottom:0;border-radius:8px 8px 0 0">
${heading}
</td></tr>
<tr><td style="padding:28px;background-color:${colours.card};border:1px solid ${colours.line};border-top:0;border-radius:0 0 8px 8px">`
    : `<tr><td style="padding:32px 28px;background-color:${colours.card};border:1px solid ${colours.line};border-radius:8px">`
}
${body}
</td></tr>
<tr><td style="padding:16px 8px 0 8px;font-family:${font};font-size:12px;line-height:18px;color:${colours.muted}">Sent by ${brand}.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  return { text, html };
}
