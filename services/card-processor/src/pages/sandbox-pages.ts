import { html, SafeHtml } from '@boon/service-kit';

/**
 * The sandbox processor's pages: the card frame the console embeds, and the 3-D Secure challenge.
 * They are the processor's, not the console's: plain markup, their own styles, scripts from the
 * processor's path only. Colours meet WCAG AA contrast; the layout holds from 280 px up.
 */
const styles = new SafeHtml(`<style>
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#0f172a;background:#fff}
.frame{padding:6px}
.field{margin:0 0 0.875rem}
.row{display:flex;flex-wrap:wrap;gap:0 0.75rem}
.row .field{flex:1 1 8rem}
label{display:block;margin-bottom:0.25rem;font-weight:600;font-size:0.875rem}
.optional{font-weight:400;color:#475569}
input{display:block;width:100%;min-height:2.75rem;padding:0.5rem 0.75rem;font:inherit;color:inherit;background:#fff;border:1px solid #64748b;border-radius:0.375rem}
input:focus-visible,button:focus-visible{outline:3px solid #4f46e5;outline-offset:2px}
input[aria-invalid=true]{border-color:#b42318;border-width:2px}
.field-error{margin:0.25rem 0 0;color:#b42318;font-size:0.875rem;font-weight:600}
.note{margin:0;padding:0.5rem 0.75rem;font-size:0.8125rem;color:#334155;background:#f1f5f9;border-radius:0.375rem}
.note code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:nowrap}
.challenge{padding:1.5rem 1rem;background:#f8fafc;min-height:100vh}
.challenge main{max-width:26rem;margin:0 auto;padding:1.5rem;background:#fff;border:1px solid #cbd5e1;border-radius:0.75rem}
.bank{margin:0 0 1rem;font-size:0.875rem;font-weight:700;letter-spacing:0.02em;color:#334155;text-transform:uppercase}
h1{margin:0 0 0.75rem;font-size:1.375rem;line-height:1.3}
p{margin:0 0 1rem}
.actions{display:flex;flex-wrap:wrap;gap:0.75rem;margin-top:1.25rem}
button{min-height:2.75rem;padding:0.5rem 1rem;font:inherit;font-weight:600;border-radius:0.375rem;cursor:pointer;border:1px solid #64748b;background:#fff;color:#0f172a}
button.primary{background:#4338ca;border-color:#4338ca;color:#fff}
</style>`);

function page(title: string, bodyClass: string, body: SafeHtml, script: string): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        ${styles}
      </head>
      <body class="${bodyClass}">
        ${body}
        <script src="${script}" defer></script>
      </body>
    </html>`.toString();
}

function field(id: string, label: string, attributes: SafeHtml, optional = false): SafeHtml {
  return html`<div class="field">
    <label for="${id}"
      >${label}${optional ? html` <span class="optional">(optional)</span>` : ''}</label
    >
    <input id="${id}" name="${id}" ${attributes} aria-describedby="${id}-error" />
    <p id="${id}-error" class="field-error" hidden></p>
  </div>`;
}

/** The card frame: the only place a card number is typed. */
export function framePage(basePath: string): string {
  const body = html`<form id="card-form" class="frame" novalidate data-tokens="${basePath}/tokens">
    ${field(
      'number',
      'Card number',
      html`inputmode="numeric" autocomplete="cc-number" maxlength="23" spellcheck="false"`,
    )}
    <div class="row">
      ${field(
        'expiry',
        'Expiry date (MM/YY)',
        html`inputmode="numeric" autocomplete="cc-exp" maxlength="7" spellcheck="false"`,
      )}
      ${field(
        'cvc',
        'Security code',
        html`inputmode="numeric" autocomplete="cc-csc" maxlength="4" spellcheck="false"`,
      )}
    </div>
    ${field('name', 'Name on card', html`autocomplete="cc-name" maxlength="100"`, true)}
    <p class="note">
      Sandbox cards: <code>4242 4242 4242 4242</code> is approved,
      <code>4000 0000 0000 0002</code> is declined and <code>4000 0027 6000 3184</code> asks for 3-D
      Secure. Use any future expiry date and any 3 digits.
    </p>
  </form>`;
  return page('Card details', 'frame-page', body, `${basePath}/frame.js`);
}

export interface ChallengeView {
  paymentId: string;
  merchant: string;
  amount: string;
  card: string;
  action: string;
}

/** 3-D Secure: the sandbox bank asks the cardholder to confirm (or not). */
export function challengePage(view: ChallengeView, basePath: string): string {
  const body = html`<main>
    <p class="bank">Sandbox Bank · 3-D Secure</p>
    <h1>Confirm this payment</h1>
    <p>${view.merchant} asks to take <strong>${view.amount}</strong> from your ${view.card}.</p>
    <p>This is the sandbox's test page: choose what your bank would answer.</p>
    <form method="post" action="${view.action}">
      <div class="actions">
        <button class="primary" type="submit" name="outcome" value="complete">
          Complete authentication
        </button>
        <button type="submit" name="outcome" value="fail">Fail authentication</button>
      </div>
    </form>
  </main>`;
  return page('Confirm this payment', 'challenge', body, `${basePath}/challenge.js`);
}

/** After the challenge: tells the page that opened it, which continues the payment. */
export function challengeDonePage(
  view: { paymentId: string; status: string; merchant: string },
  basePath: string,
): string {
  const passed = view.status === 'succeeded';
  const body = html`<main
    id="challenge-done"
    data-payment-id="${view.paymentId}"
    data-status="${view.status}"
  >
    <p class="bank">Sandbox Bank · 3-D Secure</p>
    <h1>${passed ? 'Payment confirmed' : 'Payment not confirmed'}</h1>
    <p>Returning you to ${view.merchant}…</p>
  </main>`;
  return page(
    passed ? 'Payment confirmed' : 'Payment not confirmed',
    'challenge',
    body,
    `${basePath}/challenge.js`,
  );
}

/** A challenge that cannot be shown: unknown, or no longer waiting. */
export function challengeGonePage(basePath: string): string {
  const body = html`<main id="challenge-done" data-status="gone">
    <p class="bank">Sandbox Bank · 3-D Secure</p>
    <h1>There is nothing to confirm</h1>
    <p>This payment is not waiting for you. Close this window and check the payment.</p>
  </main>`;
  return page('Nothing to confirm', 'challenge', body, `${basePath}/challenge.js`);
}
