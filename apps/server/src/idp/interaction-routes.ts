import type {} from '@fastify/rate-limit';
import type { Accounts } from '@boon/customer-management';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type InteractionResults, type Provider } from 'oidc-provider';
import { renderErrorPage } from './error-page.js';
import type { PageContext } from './html.js';
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
const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Wait a few minutes and try again.';
const MAX_EMAIL_LENGTH = 254;
const MAX_PASSWORD_LENGTH = 1024;
/** Room for the two fields at their longest, encoded, with plenty to spare. */
const MAX_FORM_BYTES = 16 * 1024;

/**
 * Sign-in attempts allowed. Per client address, against one source trying many accounts; per
 * e-mail address, against many sources (a botnet, rotating proxies) guessing one account's
 * password. The second counts every attempt for the address, account or not, so being throttled
 * says nothing about whether it has one. Both count in this process's memory (the app registers
 * @fastify/rate-limit without a shared store), so each server process allows this much.
 */
const ATTEMPTS_PER_CLIENT = { max: 20, timeWindow: '1 minute' };
const ATTEMPTS_PER_EMAIL = { max: 10, timeWindow: '15 minutes' };

/**
 * The pages oidc-provider sends the browser to when it needs the user: for us, only sign-in.
 *
 * Every request must carry the interaction cookie oidc-provider set for this very uid (signed,
 * SameSite=Lax, scoped to this interaction's path). That is the CSRF defence: another site can
 * neither read the uid's cookie nor make the browser send it with a cross-site POST.
 */
export function createInteractionRoutes(options: InteractionRoutesOptions): FastifyPluginAsync {
  const { provider, accounts, page, basePath } = options;
  const expectedOrigin = new URL(options.issuer).origin;

  /** An HTML page; the app's helmet has set the security headers (CSP, nosniff, ...) already. */
  function sendPage(reply: FastifyReply, status: number, body: string): FastifyReply {
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
    // What the app registers before us; missing, sign-in could neither read its form nor limit it.
    if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
      throw new Error('the identity provider needs @fastify/formbody registered before it');
    }
    if (!app.hasDecorator('createRateLimit')) {
      throw new Error('the identity provider needs @fastify/rate-limit registered before it');
    }
    const attemptsFromClient = app.createRateLimit(ATTEMPTS_PER_CLIENT);
    const attemptsForEmail = app.createRateLimit({
      ...ATTEMPTS_PER_EMAIL,
      // Normalised as sign-in looks the address up, so spellings of one address count together.
      keyGenerator: (request) => `sign-in-email:${submittedEmail(request.body).toLowerCase()}`,
    });

    /**
     * Counts the attempt against both limits; over either, answers with the sign-in page saying
     * so (the e-mail kept, the password not). Not the app's JSON 429: a browser posted a form.
     * Runs once the form is parsed, so it has the e-mail; the route's body limit keeps that cheap.
     */
    async function throttleSignIn(
      request: FastifyRequest<{ Params: UidParams }>,
      reply: FastifyReply,
    ): Promise<FastifyReply | undefined> {
      const email = submittedEmail(request.body);
      const limits = email ? [attemptsFromClient, attemptsForEmail] : [attemptsFromClient];
      for (const limit of limits) {
        const outcome = await limit(request);
        if (outcome.isAllowed || !outcome.isExceeded) continue;
        request.log.info(
          { limit: limit === attemptsFromClient ? 'client' : 'email' },
          'sign-in throttled',
        );
        reply.header('retry-after', String(Math.max(1, outcome.ttlInSeconds)));
        return sendPage(
          reply,
          429,
          renderSignInPage(page, {
            action: loginAction(basePath, request.params.uid),
            email,
            error: TOO_MANY_ATTEMPTS,
            fieldsInvalid: false,
          }),
        );
      }
      return undefined;
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
      { bodyLimit: MAX_FORM_BYTES, preHandler: throttleSignIn },
      async (request, reply) => {
        const origin = request.headers.origin;
        if (origin !== undefined && origin !== expectedOrigin) return sendExpired(reply, 403);
        const interaction = await interactionFor(request, reply);
        if (!interaction || interaction.prompt.name !== 'login') return sendExpired(reply, 403);

        const form = isRecord(request.body) ? request.body : {};
        const email = submittedEmail(form);
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

/** The e-mail address a sign-in form carried, as sign-in uses it: trimmed, at most 254 long. */
function submittedEmail(body: unknown): string {
  return isRecord(body) ? stringParam(body.email).trim().slice(0, MAX_EMAIL_LENGTH) : '';
}

function stringParam(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
