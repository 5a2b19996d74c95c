import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets } from './redact-secrets.js';
import { renderMail, type MailContent } from './render.js';

const TOKEN = 'Zx9_s3cret-T0KEN';
const invite: MailContent = {
  heading: 'Join Acme <Rewards> on Boon',
  paragraphs: ['Ada invited you to join the Acme team on Boon as Viewer.', 'Second & last.'],
  action: {
    label: 'Accept invite',
    url: `https://boon.test/invite-link?email=nina%40acme.test&token=${TOKEN}`,
  },
  links: [{ label: 'Read the help centre', url: 'https://help.boon.test/start?page=1&lang=en' }],
  footnote: 'This invite is valid for 7 days.',
};

describe('renderMail', () => {
  const { text, html } = renderMail(invite, 'Boon');

  it('lays the HTML out in tables, with inline styles only and nothing loaded from elsewhere', () => {
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<table role="presentation"/);
    expect(html).not.toMatch(/<style|<link|<script|<img|url\(|@import/i);
    expect(html).not.toMatch(/\sclass=/);
  });

  it('shows the brand, the heading, each paragraph and the footnote, all escaped', () => {
    expect(html).toMatch(/>Boon<\/td>/);
    expect(html).toMatch(/<h1 [^>]*>Join Acme &lt;Rewards&gt; on Boon<\/h1>/);
    expect(html).toContain('>Second &amp; last.</p>');
    expect(html).toContain('>This invite is valid for 7 days.</p>');
    expect(html).not.toContain('<Rewards>');
  });

  it('makes the action a button, with its address spelled out as the fallback', () => {
    const href = `https://boon.test/invite-link?email=nina%40acme.test&amp;token=${TOKEN}`;
    expect(html).toMatch(
      new RegExp(
        `<a href="${escapeRegExp(href)}" style="display:inline-block;[^"]*">Accept invite</a>`,
      ),
    );
    expect(html).toContain("If the button doesn't work, copy this link into your browser:");
    expect(html).toContain(`word-break:break-all">${href}</a>`);
    expect(html).toContain(
      '<a href="https://help.boon.test/start?page=1&amp;lang=en" style="color:#1d4ed8;text-decoration:underline">Read the help centre</a>',
    );
  });

  it('has a text part that says it all, each link as "label: URL" on its own line', () => {
    expect(text.split('\n')).toEqual([
      'Join Acme <Rewards> on Boon',
      '',
      'Ada invited you to join the Acme team on Boon as Viewer.',
      '',
      'Second & last.',
      '',
      `Accept invite: https://boon.test/invite-link?email=nina%40acme.test&token=${TOKEN}`,
      '',
      'Read the help centre: https://help.boon.test/start?page=1&lang=en',
      '',
      'This invite is valid for 7 days.',
      '',
      '— Boon',
    ]);
  });

  it('refuses a link that is not http(s), the button or another', () => {
    expect(() =>
      renderMail({ ...invite, action: { label: 'Go', url: 'javascript:alert(1)' } }, 'Boon'),
    ).toThrow('http(s)');
    expect(() =>
      renderMail({ ...invite, links: [{ label: 'Go', url: 'data:text/html,x' }] }, 'Boon'),
    ).toThrow('http(s)');
  });

  it('puts the heading on a band of the accent colour, in the text colour that reads on it', () => {
    const dark = renderMail({ ...invite, accent: '#C00' }, 'Boon').html;
    expect(dark).toMatch(/<td bgcolor="#c00" style="[^"]*background-color:#c00[^"]*">\s*<h1 /);
    expect(dark).toMatch(/<h1 [^>]*color:#ffffff">Join Acme &lt;Rewards&gt; on Boon<\/h1>/);
    expect(dark.match(/<h1 /g)).toHaveLength(1);
    const light = renderMail({ ...invite, accent: '#ffd700' }, 'Boon').html;
    expect(light).toMatch(/<h1 [^>]*color:#000000">/);
    // The text part has no colours to lose.
    expect(renderMail({ ...invite, accent: '#c00' }, 'Boon').text).toBe(text);
    // Without one, the heading is in the card, in ink, as in every other mail.
    expect(html).toMatch(/<td style="padding:32px 28px;[^"]*">\s*<h1 [^>]*color:#0f172a">/);
  });

  it('refuses an accent that is not a colour (it would be CSS in a style attribute)', () => {
    for (const accent of ['red', '#c00;background:url(https://evil.test/x)', '"><script>']) {
      expect(() => renderMail({ ...invite, accent }, 'Boon')).toThrow('hex digits');
    }
  });

  it("leaves no single-use secret in either part once redacted for staff's mailbox", () => {
    // The HTML names the link three times (the button, the fallback's href and its text).
    expect(html.split(TOKEN)).toHaveLength(4);
    expect(redactSecrets(html)).not.toContain(TOKEN);
    expect(redactSecrets(text)).not.toContain(TOKEN);
    expect(redactSecrets(html).split(`token=${REDACTED}`)).toHaveLength(4);
    // What the links are and where they lead stays readable.
    expect(redactSecrets(html)).toContain('>Accept invite</a>');
    expect(redactSecrets(html)).toContain('https://help.boon.test/start?page=1&amp;lang=en');
  });
});

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
