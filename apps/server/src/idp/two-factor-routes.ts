import type {} from '@fastify/rate-limit';
import type { Account, Accounts } from '@boon/customer-management';
import type { Database } from '@boon/db';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { KoaContextWithOIDC, Provider } from 'oidc-provider';
import {
  renderMessagePage,
  renderTwoFactorEnrolPage,
  renderTwoFactorManagePage,
} from './account-pages.js';
import {
  csrfToken,
  csrfValid,
  exceededLimit,
  formOf,
  MAX_FORM_BYTES,
  sameOrigin,
  sendPage,
  stringParam,
  UNSAFE_FORM_TEXT,
  unsafeFormField,
} from './forms.js';
import type { PageContext } from './html.js';
import { REUSED_CODE, WRONG_CODE } from './interaction-routes.js';
import { checkTotpCode, groupedSecret, newTotpSecret, totpUri } from './totp.js';
import { UNCOMPRESSED } from '../response-compression.js';

export interface TwoFactorRoutesOptions {
  provider: Provider;
  accounts: Accounts;
  db: Database;
  page: PageContext;
  issuer: string;
  basePath: string;
  /** The console's origin: the only place `return_to` may lead. */
  publicUrl: string;
}

/** The console page to go back to when `return_to` is missing or not the console's. */
export const DEFAULT_RETURN_PATH = '/user/settings';
const MISSING_CODE = 'Enter the code from your authenticator app.';
const FORM_EXPIRED = 'This form has expired. Enter the code again.';
const TOO_MANY_CODES = 'Too many attempts. Wait a few minutes and try again.';
const KEY_REPLACED =
  'The setup key changed in another window. Add the key shown now to your app, then enter its code.';
const CODES_PER_CLIENT = { max: 20, timeWindow: '1 minute' };
const CODES_PER_ACCOUNT = { max: 5, timeWindow: '15 minutes' };

interface ReturnQuery {
  return_to?: unknown;
}

/**
 * Two-factor settings at `{issuer}/account/two-factor?return_to=<console URL>`, for the user signed
 * in at the provider (its session cookie). Without such a session it starts a sign-in through the
 * console, which returns to `return_to`'s page.
 *
 * - Off: a new secret is kept as a pending enrolment and shown (grouped key and otpauth:// link);
 *   a code from it turns two-factor authentication on.
 * - On: a current code turns it off.
 *
 * Forms carry a double-submit CSRF token and must come from our own origin; codes are limited per
 * client and per account, and each accepted code is spent (see checkTotpCode).
 */
export function createTwoFactorRoutes(options: TwoFactorRoutesOptions): FastifyPluginAsync {
  const { provider, accounts, db, page, basePath, publicUrl } = options;
  const expectedOrigin = new URL(options.issuer).origin;
  const consoleOrigin = new URL(publicUrl).origin;
  const paths = {
    page: `${basePath}/account/two-factor`,
    enable: `${basePath}/account/two-factor/enable`,
    disable: `${basePath}/account/two-factor/disable`,
  };

  /** `return_to` when it is a page of the console, else the console's Settings. */
  function returnToFrom(value: unknown): string {
    const text = stringParam(value);
    if (text && URL.canParse(text)) {
      const url = new URL(text);
      if (url.origin === consoleOrigin) return url.href;
    }
    return `${publicUrl}${DEFAULT_RETURN_PATH}`;
  }

  /** Signs in through the console, which comes back to the console page named by `returnTo`. */
  function startSignIn(reply: FastifyReply, returnTo: string): FastifyReply {
    const url = new URL(returnTo);
    const login = `${publicUrl}/login?redirect=${encodeURIComponent(url.pathname + url.search + url.hash)}`;
    return reply.header('cache-control', 'no-store').redirect(login, 303);
  }

  /** The account signed in at the provider in this browser (a live, unblocked one). */
  async function signedInAccount(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<Account | undefined> {
    // Session.get reads the signed session cookie from the raw request, as oidc-provider's own
    // routes do; it needs no more of a Koa context than the request and response.
    const session = await provider.Session.get({
      req: request.raw,
      res: reply.raw,
    } as unknown as KoaContextWithOIDC);
    if (!session.accountId) return undefined;
    const account = await accounts.findAccountById(session.accountId);
    return account && !account.blocked ? account : undefined;
  }

  return async (app) => {
    const codesFromClient = app.createRateLimit(CODES_PER_CLIENT);
    const codeAccount = new WeakMap<FastifyRequest, string>();
    const codesForAccount = app.createRateLimit({
      ...CODES_PER_ACCOUNT,
      keyGenerator: (request) => `two-factor-account:${codeAccount.get(request) ?? ''}`,
    });

    /** The settings page as it is now for the account: enrolment or management. */
    async function currentPage(
      request: FastifyRequest,
      reply: FastifyReply,
      account: Account,
      returnTo: string,
      status = 200,
      error?: string,
    ): Promise<FastifyReply> {
      const csrf = csrfToken(request, reply, basePath);
      let totp = await accounts.getTotp(account.id);
      if (!totp?.enabledAt) {
        let secret = totp?.secret;
        if (!secret) {
          secret = newTotpSecret();
          // Refused only when another window turned it on meanwhile: show that state instead.
          if (!(await accounts.startTotpEnrolment(account.id, secret))) {
            totp = await accounts.getTotp(account.id);
            secret = undefined;
          }
        }
        if (secret) {
          return sendPage(
            reply,
            status,
            renderTwoFactorEnrolPage(page, {
              action: paths.enable,
              csrf,
              returnTo,
              email: account.email,
              groupedSecret: groupedSecret(secret),
              otpauthUri: totpUri(page.productName, account.email, secret),
              ...(error ? { error } : {}),
            }),
          );
        }
      }
      return sendPage(
        reply,
        status,
        renderTwoFactorManagePage(page, {
          action: paths.disable,
          csrf,
          returnTo,
          email: account.email,
          ...(error ? { error } : {}),
        }),
      );
    }

    app.get<{ Querystring: ReturnQuery }>(paths.page, UNCOMPRESSED, async (request, reply) => {
      const returnTo = returnToFrom(request.query.return_to);
      const account = await signedInAccount(request, reply);
      if (!account) return startSignIn(reply, returnTo);
      return currentPage(request, reply, account, returnTo);
    });

    /**
     * What both posts share: the signed-in account, a genuine form, within the limits, a code
     * typed. Answers the request itself (and returns undefined) when any of that fails.
     */
    async function postedCode(
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<{ account: Account; returnTo: string; code: string } | undefined> {
      const form = formOf(request.body);
      const returnTo = returnToFrom(form.return_to);
      const account = await signedInAccount(request, reply);
      if (!account) {
        startSignIn(reply, returnTo);
        return undefined;
      }
      if (!sameOrigin(request, expectedOrigin) || !csrfValid(request, form)) {
        await currentPage(request, reply, account, returnTo, 403, FORM_EXPIRED);
        return undefined;
      }
      codeAccount.set(request, account.id);
      if ((await exceededLimit(request, reply, [codesFromClient, codesForAccount])) !== undefined) {
        request.log.info({ userId: account.id }, 'two-factor settings throttled');
        await currentPage(request, reply, account, returnTo, 429, TOO_MANY_CODES);
        return undefined;
      }
      if (unsafeFormField(form) !== undefined) {
        await currentPage(request, reply, account, returnTo, 400, UNSAFE_FORM_TEXT);
        return undefined;
      }
      const code = stringParam(form.code);
      if (!code.trim()) {
        await currentPage(request, reply, account, returnTo, 400, MISSING_CODE);
        return undefined;
      }
      return { account, returnTo, code };
    }

    function donePage(reply: FastifyReply, title: string, message: string, returnTo: string) {
      return sendPage(
        reply,
        200,
        renderMessagePage(page, {
          title,
          paragraphs: [message],
          links: [{ href: returnTo, label: `Back to ${page.productName}` }],
          success: true,
        }),
      );
    }

    app.post<{ Body: unknown }>(
      paths.enable,
      { ...UNCOMPRESSED, bodyLimit: MAX_FORM_BYTES },
      async (request, reply) => {
        const posted = await postedCode(request, reply);
        if (!posted) return reply;
        const { account, returnTo, code } = posted;
        const totp = await accounts.getTotp(account.id);
        // Already on (another window), or no enrolment to confirm: show where things stand.
        if (totp?.enabledAt || !totp?.secret) return currentPage(request, reply, account, returnTo);

        const check = await checkTotpCode(db, account.id, totp.secret, code);
        if (!check.ok) {
          const error = check.reason === 'reused' ? REUSED_CODE : WRONG_CODE;
          return currentPage(request, reply, account, returnTo, 400, error);
        }
        const enabled = await db.transaction((tx) =>
          accounts.enableTotp(tx, account.id, totp.secret!),
        );
        if (!enabled) return currentPage(request, reply, account, returnTo, 409, KEY_REPLACED);
        request.log.info({ userId: account.id }, 'two-factor authentication turned on');
        return donePage(
          reply,
          'Two-factor authentication is on',
          `From now on, signing in to ${page.productName} asks for a code from your authenticator app after your password.`,
          returnTo,
        );
      },
    );

    app.post<{ Body: unknown }>(
      paths.disable,
      { ...UNCOMPRESSED, bodyLimit: MAX_FORM_BYTES },
      async (request, reply) => {
        const posted = await postedCode(request, reply);
        if (!posted) return reply;
        const { account, returnTo, code } = posted;
        const totp = await accounts.getTotp(account.id);
        if (!totp?.enabledAt || !totp.secret) return currentPage(request, reply, account, returnTo);

        const check = await checkTotpCode(db, account.id, totp.secret, code);
        if (!check.ok) {
          const error = check.reason === 'reused' ? REUSED_CODE : WRONG_CODE;
          return currentPage(request, reply, account, returnTo, 400, error);
        }
        await db.transaction((tx) => accounts.disableTotp(tx, account.id));
        request.log.info({ userId: account.id }, 'two-factor authentication turned off');
        return donePage(
          reply,
          'Two-factor authentication is off',
          `Signing in to ${page.productName} now asks for your password only. You can turn two-factor authentication on again at any time.`,
          returnTo,
        );
      },
    );
  };
}
