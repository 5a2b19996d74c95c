import { firstUnsafeField, hasUnsafeCharacters, UNSAFE_TEXT_MESSAGE } from '@boon/contracts';
import { formatMoney, moneyFromMinor } from '@boon/domain';
// The per-route `config.rateLimit` of the server's @fastify/rate-limit.
import type {} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { createSandboxProcessor } from '../sandbox-processor.js';
import { challengeDonePage, challengeGonePage, challengePage, framePage } from './sandbox-pages.js';
import { challengeScript, frameScript } from './sandbox-scripts.js';

export interface SandboxPagesOptions {
  processor: ReturnType<typeof createSandboxProcessor>;
  /** Where the pages live on the one origin, e.g. /card-sandbox. */
  basePath: string;
  /** Who the challenge says is asking for the money. */
  productName: string;
}

/**
 * The processor's pages may be framed by the product's own pages, and only by them; they run no
 * inline script and send no referrer to anyone.
 */
const pagePolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
].join('; ');

function sendPage(reply: FastifyReply, body: string): FastifyReply {
  return reply
    .header('content-security-policy', pagePolicy)
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body);
}

function sendScript(reply: FastifyReply, body: string): FastifyReply {
  return reply
    .header('cache-control', 'public, max-age=300')
    .type('text/javascript; charset=utf-8')
    .send(body);
}

const field = (value: unknown, max: number): string | undefined =>
  typeof value === 'string' && value.length <= max ? value : undefined;

/**
 * The embedded sandbox card processor's own routes (outside /api: they stand in for a payment
 * provider's hosted fields and 3-D Secure pages). The token route is public, as a provider's is,
 * and rate-limited per address; its body is never logged or echoed.
 */
export async function sandboxPages(app: FastifyInstance, options: SandboxPagesOptions) {
  const { processor, basePath, productName } = options;

  // No payment's id holds a NUL or a lone surrogate (nor could the database look one up): a link
  // with one is not a payment of ours.
  const couldBePayment = (paymentId: string) => !hasUnsafeCharacters(paymentId);

  app.get('/frame', (_request, reply) => sendPage(reply, framePage(basePath)));
  app.get('/frame.js', (_request, reply) => sendScript(reply, frameScript));
  app.get('/challenge.js', (_request, reply) => sendScript(reply, challengeScript));

  app.post(
    '/tokens',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } }, bodyLimit: 2048 },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const number = field(body.number, 40);
      const expiry = field(body.expiry, 10);
      const cvc = field(body.cvc, 10);
      if (number === undefined || expiry === undefined || cvc === undefined) {
        return reply
          .status(400)
          .send({ message: 'Send the card number, expiry date and security code as text.' });
      }
      const name = field(body.name, 200) ?? '';
      // A NUL cannot be stored and a lone surrogate would be stored as another character: the
      // frame shows this at the field, like any other mistake in it.
      const unsafe = firstUnsafeField({ number, expiry, cvc, name });
      if (unsafe !== undefined) {
        return reply.status(422).send({ errors: { [unsafe]: UNSAFE_TEXT_MESSAGE } });
      }
      const result = await processor.tokenize({ number, expiry, cvc, name });
      if (!result.ok) return reply.status(422).send({ errors: result.errors });
      return reply.status(201).send(result.card);
    },
  );

  app.get<{ Params: { paymentId: string } }>('/challenge/:paymentId', async (request, reply) => {
    const { paymentId } = request.params;
    const payment = couldBePayment(paymentId) ? await processor.getPayment(paymentId) : undefined;
    if (!payment) return sendPage(reply.status(404), challengeGonePage(basePath));
    if (payment.status !== 'requires_action') {
      return sendPage(
        reply,
        challengeDonePage(
          { paymentId: payment.paymentId, status: payment.status, merchant: productName },
          basePath,
        ),
      );
    }
    return sendPage(
      reply,
      challengePage(
        {
          paymentId: payment.paymentId,
          merchant: productName,
          amount: formatMoney(moneyFromMinor(payment.currency, payment.amount)),
          card: `${payment.card.brand} ending ${payment.card.last4}`,
          action: `${basePath}/challenge/${payment.paymentId}`,
        },
        basePath,
      ),
    );
  });

  app.post<{ Params: { paymentId: string }; Body: { outcome?: unknown } }>(
    '/challenge/:paymentId',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const outcome = request.body?.outcome;
      if (outcome !== 'complete' && outcome !== 'fail') {
        return reply.status(400).type('text/plain').send('Choose Complete or Fail authentication.');
      }
      const { paymentId } = request.params;
      const payment = couldBePayment(paymentId)
        ? await processor.completeChallenge(paymentId, outcome === 'complete')
        : undefined;
      if (!payment) return sendPage(reply.status(404), challengeGonePage(basePath));
      return sendPage(
        reply,
        challengeDonePage(
          { paymentId: payment.paymentId, status: payment.status, merchant: productName },
          basePath,
        ),
      );
    },
  );
}
