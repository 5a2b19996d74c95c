import { errorCatalogue, redemptionTokenSchema, type Redemption } from '@boon/contracts';
import { formatDateTime, formatMoney, money, readableTextOn, UTC_TIME_ZONE } from '@boon/domain';
import { AppError, html, SafeHtml } from '@boon/service-kit';
// The per-route `config.rateLimit` of the server's @fastify/rate-limit.
import type {} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { OrderingDeps } from '../deps.js';
import { claimRedemption, getRedemption } from './redemption.js';

export type RedemptionPageDeps = Pick<OrderingDeps, 'db' | 'products' | 'supplier' | 'productName'>;

/**
 * The recipient's page, `/redeem/{token}`: rendered on the server, with no script
 * at all (its JavaScript budget is zero), so it is fast on any phone and works with scripts off.
 * Claiming is a plain form post, answered with a redirect back to the page (post/redirect/get).
 */
const pagePolicy = [
  "default-src 'none'",
  "img-src 'self'",
  "style-src 'unsafe-inline'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const styles = `
*{box-sizing:border-box}
body{margin:0;background:#f1f5f9;color:#0f172a;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:560px;margin:0 auto;padding:16px}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:12px;overflow:hidden}
.banner{padding:24px}
.banner p{margin:0 0 4px}
h1{margin:0;font-size:1.75rem;line-height:1.2}
.content{padding:24px}
.value{font-size:2rem;font-weight:700;margin:8px 0 16px}
fieldset{border:0;margin:0 0 16px;padding:0}
legend{font-weight:600;margin-bottom:8px}
.choice{display:flex;align-items:center;gap:12px;padding:12px;border:1px solid #cbd5e1;border-radius:8px;margin-bottom:8px}
.choice:focus-within{outline:3px solid #1d4ed8;outline-offset:2px}
.choice img{width:40px;height:40px}
input[type=radio]{width:20px;height:20px}
button{font:inherit;font-weight:600;background:#1d4ed8;color:#fff;border:0;border-radius:8px;padding:12px 20px;min-height:44px;cursor:pointer;width:100%}
button:focus-visible{outline:3px solid #0f172a;outline-offset:2px}
.code{font:700 1.5rem/1.3 ui-monospace,Menlo,Consolas,monospace;letter-spacing:.05em;background:#f1f5f9;border:1px dashed #64748b;border-radius:8px;padding:12px;word-break:break-all}
.muted{color:#475569;font-size:.875rem}
.alert{border:1px solid #b91c1c;background:#fef2f2;color:#7f1d1d;border-radius:8px;padding:12px;margin-bottom:16px}
h2{font-size:1.125rem;margin:20px 0 8px}
ol{padding-left:20px}
`;

function page(title: string, body: SafeHtml, productName: string): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <meta name="referrer" content="no-referrer" />
        <title>${title} – ${productName}</title>
        <style>
          ${new SafeHtml(styles)}
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`.value;
}

function send(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .code(status)
    .header('content-security-policy', pagePolicy)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(body);
}

/** The steps of the redemption instructions' markdown list, as plain text. */
function steps(markdown: string): string[] {
  return markdown
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s*(\d+\.|[-*])\s+/, '')
        .replace(/[*_`]/g, '')
        .trim(),
    )
    .filter(Boolean);
}

function redemptionBody(token: string, redemption: Redemption, error?: string): SafeHtml {
  const { message, claim } = redemption;
  const text = readableTextOn(message.colour);
  const value = formatMoney(money(redemption.faceValue, redemption.currency));
  const banner = html`<div class="banner" style="background:${message.colour};color:${text}">
    <p>From ${redemption.senderName}</p>
    <h1>${message.header}</h1>
  </div>`;
  const alert = error ? html`<p class="alert" role="alert">${error}</p>` : '';
  if (claim) {
    return html`<div class="card">
      ${banner}
      <div class="content">
        <p>${message.body}</p>
        <p class="value">${value}</p>
        <h2>Your ${claim.productName} code</h2>
        <p class="code">${claim.code}</p>
        ${claim.pin ? html`<p>PIN: <strong>${claim.pin}</strong></p>` : ''}
        <h2>How to use it</h2>
        <ol>
          ${steps(claim.redemptionInstructions).map((step) => html`<li>${step}</li>`)}
        </ol>
        <p class="muted">
          Keep this page or your e-mail: the link shows this code whenever you need it.
        </p>
      </div>
    </div>`;
  }
  const single = redemption.choices.length === 1 ? redemption.choices[0] : undefined;
  const expiry = redemption.expiresAt
    ? html`<p class="muted">
        Claim it by
        ${formatDateTime(redemption.expiresAt, { locale: 'en-GB', timeZone: UTC_TIME_ZONE })} UTC.
      </p>`
    : '';
  const form = single
    ? html`<input type="hidden" name="productCode" value="${single.productCode}" />
        <button type="submit">Show my ${single.name} code</button>`
    : html`<fieldset>
          <legend>Choose where to spend it</legend>
          ${redemption.choices.map(
            (choice, index) =>
              html`<label class="choice"
                ><input
                  type="radio"
                  name="productCode"
                  value="${choice.productCode}"
                  ${index === 0 ? html` checked` : ''}
                />
                <img src="${choice.logoUrl}" alt="" /><span>${choice.name}</span></label
              >`,
          )}
        </fieldset>
        <button type="submit">Claim my reward</button>`;
  return html`<div class="card">
    ${banner}
    <div class="content">
      ${alert}
      <p>${message.body}</p>
      <p class="value">${value}</p>
      <form method="post" action="/redeem/${token}/claim">${form}</form>
      ${expiry}
    </div>
  </div>`;
}

/** The recipient's page as sent, whole: its weight has a budget in .size-limit.js. */
export function redemptionPage(
  token: string,
  redemption: Redemption,
  productName: string,
  error?: string,
): string {
  return page('Your reward', redemptionBody(token, redemption, error), productName);
}

function problemBody(code: keyof typeof errorCatalogue): SafeHtml {
  const heading =
    code === 'redemption_link_expired'
      ? 'This reward has expired'
      : code === 'redemption_link_cancelled'
        ? 'This reward was cancelled'
        : 'We could not find this reward';
  return html`<div class="card">
    <div class="content">
      <h1>${heading}</h1>
      <p>${errorCatalogue[code].message}</p>
    </div>
  </div>`;
}

/** Registers `/redeem/:token` and its claim, outside /api (they are pages), rate-limited. */
export async function redemptionPages(app: FastifyInstance, deps: RedemptionPageDeps) {
  const limit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
  const answerError = (reply: FastifyReply, error: unknown) => {
    if (error instanceof AppError && error.code.startsWith('redemption_link_')) {
      return send(
        reply,
        error.status,
        page('Your reward', problemBody(error.code), deps.productName),
      );
    }
    throw error;
  };

  app.get<{ Params: { token: string } }>('/:token', { config: limit }, async (request, reply) => {
    const token = request.params.token;
    if (!redemptionTokenSchema.safeParse(token).success) {
      return answerError(reply, new AppError('redemption_link_not_found'));
    }
    try {
      const redemption = await getRedemption(token, deps);
      return send(reply, 200, redemptionPage(token, redemption, deps.productName));
    } catch (error) {
      return answerError(reply, error);
    }
  });

  app.post<{ Params: { token: string }; Body: { productCode?: unknown } }>(
    '/:token/claim',
    { config: limit },
    async (request, reply) => {
      const token = request.params.token;
      if (!redemptionTokenSchema.safeParse(token).success) {
        return answerError(reply, new AppError('redemption_link_not_found'));
      }
      const productCode =
        typeof request.body?.productCode === 'string' ? request.body.productCode : '';
      try {
        await claimRedemption(token, productCode, deps);
        return reply.code(303).header('location', `/redeem/${token}`).send();
      } catch (error) {
        if (error instanceof AppError && !error.code.startsWith('redemption_link_')) {
          const redemption = await getRedemption(token, deps);
          const message =
            error.fieldErrors?.[0]?.message ??
            (error.code === 'product_unavailable'
              ? 'This merchant cannot be chosen right now. Choose another one, or try again later.'
              : 'Something went wrong while claiming your reward. Try again in a minute.');
          return send(reply, 422, redemptionPage(token, redemption, deps.productName, message));
        }
        return answerError(reply, error);
      }
    },
  );
}
