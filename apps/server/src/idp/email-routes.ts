import type {} from '@fastify/rate-limit';
import type { Accounts } from '@boon/customer-management';
import type { Database } from '@boon/db';
import type { JobQueue } from '@boon/db/jobs';
import { isValidEmail } from '@boon/domain';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  renderForgotPasswordPage,
  renderMessagePage,
  renderResendVerificationPage,
  renderResetPasswordPage,
  renderVerifyEmailPage,
  type Link,
} from './account-pages.js';
import { revokeAccount } from './adapter.js';
import {
  checkEmailToken,
  consumeEmailToken,
  EMAIL_TOKEN_TTL_SECONDS,
  revokeEmailTokens,
  type EmailTokenCheck,
} from './email-tokens.js';
import {
  csrfToken,
  csrfValid,
  emailParam,
  exceededLimit,
  formOf,
  MAX_FORM_BYTES,
  sameOrigin,
  sendPage,
  stringParam,
  emailRateLimitKey,
  UNSAFE_FORM_TEXT,
  unsafeFormField,
} from './forms.js';
import type { PageContext } from './html.js';
import { INVALID_EMAIL } from './interaction-routes.js';
import { passwordProblem } from './password-policy.js';
import { queuePasswordResetMail, queueVerificationMail } from './account-mail-jobs.js';
import { UNCOMPRESSED } from '../response-compression.js';

export interface EmailRoutesOptions {
  accounts: Accounts;
  db: Database;
  /** Queues the mails the forms ask for. */
  jobs: JobQueue;
  page: PageContext;
  issuer: string;
  basePath: string;
  /** The console's origin: where "Continue" and "Sign in" lead. */
  publicUrl: string;
}

/** What "Forgot your password?" always answers (whether or not the address has an account). */
export const RESET_LINK_SENT =
  'If an account exists for that address, we sent a link to reset the password.';
const MISSING_EMAIL = 'Enter your email address.';
const FORM_EXPIRED = 'This form has expired. Send it again.';
const TOO_MANY_MAILS = 'Too many requests for this address. Wait a few minutes and try again.';
const PASSWORDS_DIFFER = "The passwords don't match. Type the same new password twice.";
const TOO_MANY_RESETS = 'Too many attempts. Wait a few minutes and try again.';

/**
 * Forms that send a mail: per client, and per address so nobody can flood one mailbox. The
 * per-address limit counts every request, account or not, so it reveals nothing either.
 */
const MAIL_REQUESTS_PER_CLIENT = { max: 10, timeWindow: '15 minutes' };
const MAIL_REQUESTS_PER_EMAIL = { max: 3, timeWindow: '15 minutes' };
const RESETS_PER_CLIENT = { max: 20, timeWindow: '1 minute' };

interface TokenQuery {
  token?: unknown;
}
interface EmailQuery {
  email?: unknown;
}

/**
 * The provider's pages reached from a mail or from the console without a sign-in interaction:
 *
 * - `GET  {issuer}/verify-email?token=…` (the verification mail's link): a button that posts
 *   the token, since mail scanners open links; its POST marks the address verified, once.
 * - `GET  {issuer}/verify-email/resend?email=…` (for the console's verify-email screen), and its
 *   form's POST: a new verification link; the same answer whether or not the address has an
 *   unverified account.
 * - `GET  {issuer}/forgot-password?email=…` (the sign-in page's "Forgot your password?"), and
 *   its POST: a reset link, valid for an hour; the same answer for any address.
 * - `GET  {issuer}/reset-password?token=…` (the reset mail's link), and its POST: the new
 *   password, which ends every session and the user's other reset links.
 *
 * Forms carry a double-submit CSRF token and must come from our own origin.
 */
export function createEmailRoutes(options: EmailRoutesOptions): FastifyPluginAsync {
  const { accounts, db, jobs, page, basePath, publicUrl } = options;
  const expectedOrigin = new URL(options.issuer).origin;
  const paths = {
    verify: `${basePath}/verify-email`,
    resend: `${basePath}/verify-email/resend`,
    forgot: `${basePath}/forgot-password`,
    reset: `${basePath}/reset-password`,
  };
  const consoleHome: Link = { href: `${publicUrl}/`, label: `Continue to ${page.productName}` };
  const signInLink = (email?: string): Link => ({
    href: `${publicUrl}/login${email ? `?email=${encodeURIComponent(email)}` : ''}`,
    label: 'Sign in',
  });
  const resendLink = (email?: string): Link => ({
    href: `${paths.resend}${email ? `?email=${encodeURIComponent(email)}` : ''}`,
    label: 'Send a new verification e-mail',
  });
  const forgotLink: Link = { href: paths.forgot, label: 'Ask for a new link' };

  /** The page for a link that cannot be used (any more), by why. */
  function unusableLinkPage(
    reply: FastifyReply,
    check: Exclude<EmailTokenCheck, { ok: true }>,
    kind: 'verification' | 'reset',
  ): FastifyReply {
    const next = kind === 'verification' ? [resendLink()] : [forgotLink];
    const noun = kind === 'verification' ? 'verification link' : 'password reset link';
    const hours = EMAIL_TOKEN_TTL_SECONDS['verify-email'] / 3600;
    const minutes = EMAIL_TOKEN_TTL_SECONDS['reset-password'] / 60;
    const validity = kind === 'verification' ? `${hours} hours` : `${minutes} minutes`;
    switch (check.reason) {
      case 'expired':
        return sendPage(
          reply,
          410,
          renderMessagePage(page, {
            title: `This ${noun} has expired`,
            paragraphs: [`The link in the mail works for ${validity}. Ask for a new one.`],
            links: next,
          }),
        );
      case 'used':
        return sendPage(
          reply,
          410,
          renderMessagePage(page, {
            title: `This ${noun} was already used`,
            paragraphs:
              kind === 'verification'
                ? [
                    'Each link works once. If you used it to verify your address, you can continue; otherwise ask for a new one.',
                  ]
                : ['Each link works once. To change your password again, ask for a new link.'],
            links: kind === 'verification' ? [consoleHome, ...next] : next,
          }),
        );
      default:
        return sendPage(
          reply,
          400,
          renderMessagePage(page, {
            title: `This ${noun} is not valid`,
            paragraphs: [
              'Check that you opened the whole link from the mail, or ask for a new one.',
            ],
            links: next,
          }),
        );
    }
  }

  return async (app) => {
    const resendsFromClient = app.createRateLimit(MAIL_REQUESTS_PER_CLIENT);
    const resendsForEmail = app.createRateLimit({
      ...MAIL_REQUESTS_PER_EMAIL,
      keyGenerator: emailRateLimitKey('resend-email'),
    });
    const resetMailsFromClient = app.createRateLimit(MAIL_REQUESTS_PER_CLIENT);
    const resetMailsForEmail = app.createRateLimit({
      ...MAIL_REQUESTS_PER_EMAIL,
      keyGenerator: emailRateLimitKey('reset-email'),
    });
    const resetsFromClient = app.createRateLimit(RESETS_PER_CLIENT);

    // ------------------------------------------------------------------ verify e-mail

    app.get<{ Querystring: TokenQuery }>(paths.verify, UNCOMPRESSED, async (request, reply) => {
      const token = stringParam(request.query.token);
      const check = await checkEmailToken(db, token, 'verify-email');
      if (!check.ok) return unusableLinkPage(reply, check, 'verification');
      const account = await accounts.findAccountById(check.userId);
      const csrf = csrfToken(request, reply, basePath);
      return sendPage(
        reply,
        200,
        renderVerifyEmailPage(page, {
          action: paths.verify,
          csrf,
          token,
          email: account?.email ?? '',
        }),
      );
    });

    app.post<{ Body: unknown }>(
      paths.verify,
      { ...UNCOMPRESSED, bodyLimit: MAX_FORM_BYTES },
      async (request, reply) => {
        const form = formOf(request.body);
        const token = stringParam(form.token);
        const csrf = csrfToken(request, reply, basePath);
        if (!sameOrigin(request, expectedOrigin) || !csrfValid(request, form)) {
          const check = await checkEmailToken(db, token, 'verify-email');
          if (!check.ok) return unusableLinkPage(reply, check, 'verification');
          const account = await accounts.findAccountById(check.userId);
          return sendPage(
            reply,
            403,
            renderVerifyEmailPage(page, {
              action: paths.verify,
              csrf,
              token,
              email: account?.email ?? '',
              error: FORM_EXPIRED,
            }),
          );
        }
        const outcome = await db.transaction(async (tx) => {
          const check = await consumeEmailToken(tx, token, 'verify-email');
          if (check.ok) await accounts.markEmailVerified(tx, check.userId);
          return check;
        });
        if (!outcome.ok) return unusableLinkPage(reply, outcome, 'verification');
        request.log.info({ userId: outcome.userId }, 'e-mail address verified');
        // The sign-in form after this opens with the address just verified (the console's
        // /login?email= passes it on as login_hint, spec 2.2).
        const verified = await accounts.findAccountById(outcome.userId);
        const signInHref = verified
          ? `${publicUrl}/login?email=${encodeURIComponent(verified.email)}`
          : `${publicUrl}/`;
        return sendPage(
          reply,
          200,
          renderMessagePage(page, {
            title: 'Your e-mail address is verified',
            paragraphs: [
              `Thank you. Continue to ${page.productName} and sign in with your email address and password.`,
            ],
            links: [{ href: signInHref, label: 'Continue' }],
            success: true,
          }),
        );
      },
    );

    /** An e-mail form (resend, forgot): its page, and the handling of its post. */
    function emailForm(config: {
      path: string;
      render: typeof renderResendVerificationPage;
      limits: [typeof resendsFromClient, typeof resendsForEmail];
      back: Link;
      /**
       * Queues, inside `tx`, the job that decides whether the address gets a mail: the request
       * looks nobody up, so it takes the same time for any address.
       */
      queue: (jobs: JobQueue, tx: Database, email: string) => Promise<void>;
      sentTitle: string;
      sentMessage: (email: string) => string;
    }) {
      app.get<{ Querystring: EmailQuery }>(config.path, UNCOMPRESSED, async (request, reply) => {
        const email = emailParam(request.query.email);
        const csrf = csrfToken(request, reply, basePath);
        return sendPage(
          reply,
          200,
          config.render(page, { action: config.path, csrf, email, back: config.back }),
        );
      });

      app.post<{ Body: unknown }>(
        config.path,
        { ...UNCOMPRESSED, bodyLimit: MAX_FORM_BYTES },
        async (request, reply) => {
          const form = formOf(request.body);
          const unsafe = unsafeFormField(form) !== undefined;
          // Not shown back: the page would carry the broken text on to the next post.
          const email = unsafe ? '' : emailParam(form.email);
          const csrf = csrfToken(request, reply, basePath);
          const again = (status: number, error: string, invalid = false) =>
            sendPage(
              reply,
              status,
              config.render(page, {
                action: config.path,
                csrf,
                email,
                error,
                invalid,
                back: config.back,
              }),
            );
          if (!sameOrigin(request, expectedOrigin) || !csrfValid(request, form)) {
            return again(403, FORM_EXPIRED);
          }
          if (unsafe) return again(400, UNSAFE_FORM_TEXT, true);
          const limits = email ? config.limits : [config.limits[0]];
          if ((await exceededLimit(request, reply, limits)) !== undefined) {
            return again(429, TOO_MANY_MAILS);
          }
          if (!email) return again(400, MISSING_EMAIL, true);
          if (!isValidEmail(email)) return again(400, INVALID_EMAIL, true);
          await db.transaction((tx) => config.queue(jobs, tx, email));
          // Logged without the address, as the answer does not tell either.
          request.log.info({ form: config.path }, 'mail form answered: mail job queued');
          return sendPage(
            reply,
            200,
            renderMessagePage(page, {
              title: config.sentTitle,
              paragraphs: [config.sentMessage(email)],
              links: [config.back],
              success: true,
            }),
          );
        },
      );
    }

    // ------------------------------------------------------------------ resend verification

    emailForm({
      path: paths.resend,
      render: renderResendVerificationPage,
      limits: [resendsFromClient, resendsForEmail],
      back: consoleHome,
      queue: queueVerificationMail,
      sentTitle: 'Check your inbox',
      sentMessage: (email) =>
        `If ${email} belongs to an account that still needs verifying, we sent a new verification link to it. The link works for ${EMAIL_TOKEN_TTL_SECONDS['verify-email'] / 3600} hours.`,
    });

    // ------------------------------------------------------------------ forgot password

    emailForm({
      path: paths.forgot,
      render: renderForgotPasswordPage,
      limits: [resetMailsFromClient, resetMailsForEmail],
      back: { href: `${publicUrl}/login`, label: 'Back to sign in' },
      queue: queuePasswordResetMail,
      sentTitle: 'Check your inbox',
      sentMessage: () => RESET_LINK_SENT,
    });

    // ------------------------------------------------------------------ reset password

    app.get<{ Querystring: TokenQuery }>(paths.reset, UNCOMPRESSED, async (request, reply) => {
      const token = stringParam(request.query.token);
      const check = await checkEmailToken(db, token, 'reset-password');
      if (!check.ok) return unusableLinkPage(reply, check, 'reset');
      const csrf = csrfToken(request, reply, basePath);
      return sendPage(
        reply,
        200,
        renderResetPasswordPage(page, { action: paths.reset, csrf, token }),
      );
    });

    app.post<{ Body: unknown }>(
      paths.reset,
      { ...UNCOMPRESSED, bodyLimit: MAX_FORM_BYTES },
      async (request, reply) => {
        const form = formOf(request.body);
        const unsafe = unsafeFormField(form);
        const token = stringParam(form.token);
        const password = stringParam(form.password);
        const confirmation = stringParam(form.confirmation);
        const csrf = csrfToken(request, reply, basePath);
        const again = (status: number, error: string, invalid?: 'password' | 'confirmation') =>
          sendPage(
            reply,
            status,
            renderResetPasswordPage(page, {
              action: paths.reset,
              csrf,
              token,
              error,
              ...(invalid ? { invalid } : {}),
            }),
          );

        const check = await checkEmailToken(db, token, 'reset-password');
        if (!check.ok) return unusableLinkPage(reply, check, 'reset');
        if (!sameOrigin(request, expectedOrigin) || !csrfValid(request, form)) {
          return again(403, FORM_EXPIRED);
        }
        if ((await exceededLimit(request, reply, [resetsFromClient])) !== undefined) {
          return again(429, TOO_MANY_RESETS);
        }
        if (unsafe !== undefined) {
          return again(
            400,
            UNSAFE_FORM_TEXT,
            unsafe === 'confirmation' ? 'confirmation' : 'password',
          );
        }
        const owner = await accounts.findAccountById(check.userId);
        const problem = passwordProblem(password, { email: owner?.email ?? '' });
        if (problem) return again(400, problem, 'password');
        if (confirmation !== password) return again(400, PASSWORDS_DIFFER, 'confirmation');

        const passwordHash = await accounts.hashPassword(password);
        const outcome = await db.transaction(async (tx) => {
          const spent = await consumeEmailToken(tx, token, 'reset-password');
          if (!spent.ok) return spent;
          await accounts.setPassword(tx, spent.userId, passwordHash);
          // The user's other reset links die with this one, and whoever knew the old password
          // loses the sessions and refresh tokens it got them.
          await revokeEmailTokens(tx, spent.userId, 'reset-password');
          await revokeAccount(tx, spent.userId);
          return spent;
        });
        if (!outcome.ok) return unusableLinkPage(reply, outcome, 'reset');
        request.log.info({ userId: outcome.userId }, 'password reset');
        const account = await accounts.findAccountById(outcome.userId);
        return sendPage(
          reply,
          200,
          renderMessagePage(page, {
            title: 'Your password was changed',
            paragraphs: [
              `You can now sign in to ${page.productName} with your new password. You were signed out everywhere else.`,
            ],
            links: [signInLink(account?.email)],
            success: true,
          }),
        );
      },
    );
  };
}
