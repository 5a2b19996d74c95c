/** A mail's content: a heading, paragraphs, and the one button it is about. */
export interface MailContent {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the button, such as how long a link is valid. */
  footnote?: string;
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

/** The plain-text and HTML bodies of a mail; every value is escaped, links are only http(s). */
export function renderMail(content: MailContent, productName: string): RenderedMail {
  if (content.action && !/^https?:\/\//.test(content.action.url)) {
    throw new Error('Mail links must be absolute http(s) URLs');
  }
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    `— ${productName}`,
  ].join('\n');
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>
<p style="font-size:13px;color:#475569">Or paste this link into your browser: ${escapeHtml(content.action.url)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.heading)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${button}
${content.footnote ? `<p style="font-size:13px;color:#475569">${escapeHtml(content.footnote)}</p>` : ''}
<p style="font-size:13px;color:#475569">${escapeHtml(productName)}</p>
</body></html>`;
  return { text, html };
}
