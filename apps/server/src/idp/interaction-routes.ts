import type {} from '@fastify/rate-limit';
import type { Accounts } from '@boon/customer-management';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type InteractionResults, type Provider } from 'oidc-provider';
import { renderErrorPage } from './error-page.js';
import { pageContentSecurityPolicy, type PageContext } from './html.js';
import { renderSignInPage } from './sign-in-page.js';

export interface InteractionRoutesOptions {
  provider: Provider;
  accounts: Accounts;
  page: PageContext;
  issuer: string;
  basePath: string;
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
interface UidParams {
  uid: string;
}

export const WRONG_CREDENTIALS = 'Wrong email or password.';
const MISSING_CREDENTIALS = 'Enter your email address and password.';
const MAX_EMAIL_LENGTH = 254;
const MAX_PASSWORD_LENGTH = 1024;

/**
 * The pages oidc-provider sends the browser to when it needs the user: for us, only sign-in.
 *
 * Every request must carry the interaction cookie oidc-provider set for this very uid (signed,
 * SameSite=Lax, scoped to this interaction's path). That is the CSRF defence: another site can
 * neither read the uid's cookie nor make the browser send it with a cross-site POST.
 */
export function createInteractionRoutes(options: InteractionRoutesOptions): FastifyPluginAsync {
  const { provider, accounts, page, basePath } = options;
  const contentSecurityPolicy = pageContentSecurityPolicy(options.issuer);
  const expectedOrigin = new URL(options.issuer).origin;

  function sendPage(reply: FastifyReply, status: number, body: string): FastifyReply {
    if (!reply.raw.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', contentSecurityPolicy);
    }
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(body);
  }

  function sendExpired(reply: FastifyReply, status: number): FastifyReply {
    return sendPage(
      reply,
      status,
      renderErrorPage(page, {
        title: 'Sign-in expired',
        message: `This sign-in page has expired or was opened in another browser. Go back to ${page.productName} and sign in again.`,
      }),
    );
  }

  /** The interaction behind this request's cookie, if it is the one the URL names. */
  async function interactionFor(
    request: FastifyRequest<{ Params: UidParams }>,
    reply: FastifyReply,
  ): Promise<Interaction | undefined> {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid ? interaction : undefined;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return undefined;
      throw error;
    }
  }

  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    result: InteractionResults,
  ): Promise<FastifyReply> {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  }

  return async (app) => {
    // The app normally parses forms already (@fastify/formbody); this keeps the routes working
    // in an app that does not.
    if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
      app.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 16 * 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
    }

    app.get<{ Params: UidParams }>(`${basePath}/interaction/:uid`, async (request, reply) => {
      const interaction = await interactionFor(request, reply);
      if (!interaction) return sendExpired(reply, 400);
      if (interaction.prompt.name !== 'login') {
        // The first-party grant loader answers consent before it is asked; anything else is a
        // prompt this provider was not configured for.
        request.log.warn({ prompt: interaction.prompt.name }, 'unexpected interaction prompt');
        return finish(request, reply, {
          error: 'access_denied',
          error_description: `unsupported interaction: ${interaction.prompt.name}`,
        });
      }
      return sendPage(
        reply,
        200,
        renderSignInPage(page, {
          action: loginAction(basePath, interaction.uid),
          email: stringParam(interaction.params.login_hint).slice(0, MAX_EMAIL_LENGTH),
        }),
      );
    });

    app.post<{ Params: UidParams; Body: unknown }>(
      `${basePath}/interaction/:uid/login`,
      { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const origin = request.headers.origin;
        if (origin !== undefined && origin !== expectedOrigin) return sendExpired(reply, 403);
        const interaction = await interactionFor(request, reply);
        if (!interaction || interaction.prompt.name !== 'login') return sendExpired(reply, 403);

        const form = isRecord(request.body) ? request.body : {};
        const email = stringParam(form.email).trim().slice(0, MAX_EMAIL_LENGTH);
        const password = stringParam(form.password);
        const action = loginAction(basePath, interaction.uid);
        if (!email || !password || password.length > MAX_PASSWORD_LENGTH) {
          const error = !email || !password ? MISSING_CREDENTIALS : WRONG_CREDENTIALS;
          return sendPage(reply, 400, renderSignInPage(page, { action, email, error }));
        }

        const outcome = await accounts.verifyCredentials(email, password);
        if (outcome.ok) {
          request.log.info({ userId: outcome.account.id }, 'signed in');
          return finish(request, reply, {
            login: { accountId: outcome.account.id, amr: ['pwd'], remember: true },
          });
        }
        request.log.info({ reason: outcome.reason }, 'sign-in refused');
        if (outcome.reason === 'blocked') {
          // Only after the right password: a blocked account is not disclosed to guessers.
          return finish(request, reply, {
            error: 'access_denied',
            error_description: 'user is blocked',
          });
        }
        return sendPage(
          reply,
          400,
          renderSignInPage(page, { action, email, error: WRONG_CREDENTIALS }),
        );
      },
    );
  };
}

function loginAction(basePath: string, uid: string): string {
  return `${basePath}/interaction/${encodeURIComponent(uid)}/login`;
}

function stringParam(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
