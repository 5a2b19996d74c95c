import type {} from '@fastify/rate-limit';
import { SIGNUP_FOR_PARAM } from '@boon/contracts';
import type { Accounts } from '@boon/customer-management';
import type { Database } from '@boon/db';
import { isValidEmail } from '@boon/domain';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type InteractionResults, type Provider } from 'oidc-provider';
import { renderSecondFactorPage, renderSignUpPage } from './account-pages.js';
import { renderErrorPage } from './error-page.js';
import {
  emailParam,
  exceededLimit,
  formOf,
  MAX_EMAIL_LENGTH,
  MAX_FORM_BYTES,
  sameOrigin,
  sendPage,
  stringParam,
  type Limiter,
  emailRateLimitKey,
  UNSAFE_FORM_TEXT,
  unsafeFormField,
} from './forms.js';
import type { PageContext } from './html.js';
import { sendExistingAccountMail, sendVerificationMail, type MailContext } from './mails.js';
import { passwordProblem } from './password-policy.js';
import { renderSignInPage } from './sign-in-page.js';
import { createSignInThrottle, waitFor } from './sign-in-throttle.js';
import {
  checkTotpCode,
  forgetPasswordStep,
  passwordStepAccount,
  rememberPasswordStep,
} from './totp.js';

export interface InteractionRoutesOptions {
  provider: Provider;
  accounts: Accounts;
  db: Database;
  mail: MailContext;
  page: PageContext;
  issuer: string;
  basePath: string;
  /** Holds an attempt back for the sign-in throttle's delay (tests record it instead). */
  waitBeforeSignIn?: (delayMs: number) => Promise<void>;
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
interface UidParams {
  uid: string;
}

export const WRONG_CREDENTIALS = 'Wrong email or password.';
const MISSING_CREDENTIALS = 'Enter your email address and password.';
const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Wait a few minutes and try again.';
const MISSING_EMAIL = 'Enter your email address.';
export const INVALID_EMAIL = 'Enter a valid email address, such as name@company.com.';
const TOO_MANY_SIGN_UPS =
  'Too many attempts to create an account. Wait a few minutes and try again.';
const MISSING_CODE = 'Enter the code from your authenticator app.';
export const WRONG_CODE =
  'That code is not right. Enter the current code from your authenticator app.';
export const REUSED_CODE =
  'That code was already used. Wait for the next code in your authenticator app.';
const TOO_MANY_CODES = 'Too many attempts. Wait a few minutes and try again.';
const PASSWORD_STEP_GONE = 'Sign in again: enter your email address and password.';
/** Longer than any password the sign-up form accepts; only bounds the hashing work. */
const MAX_PASSWORD_LENGTH = 1024;

/**
 * The error description a sign-in ends with when the password was right but the address is not
 * verified yet: `email-unverified:` followed by the address, percent-encoded (encodeURIComponent)
 * so that any address stays within the characters RFC 6749 allows in error_description. It comes
 * back to the client's redirect URI with `error=access_denied`; the console sends the user to
 * /onboard/verify-email with the decoded address (spec 4.2).
 */
export const EMAIL_UNVERIFIED_PREFIX = 'email-unverified:';
export function emailUnverifiedDescription(email: string): string {
  return `${EMAIL_UNVERIFIED_PREFIX}${encodeURIComponent(email)}`;
}

/** The error description for a blocked user (only after the right password). */
export const USER_BLOCKED = 'user is blocked';

/**
 * Posts allowed per client address, against one source trying many accounts or flooding the
 * forms; these count every post in this process's memory (the app registers @fastify/rate-limit
 * without a shared store). Guessing one account's password is held back by the failure counts of
 * sign-in-throttle.ts instead, in the database. Sign-up and codes also count per e-mail address
 * (or account) here, every attempt, account or not, so being throttled says nothing about
 * whether it has one.
 */
const ATTEMPTS_PER_CLIENT = { max: 20, timeWindow: '1 minute' };
/** Sign-up, which sends a mail: the sign-in figures, counted on their own. */
const SIGN_UPS_PER_CLIENT = { max: 20, timeWindow: '1 minute' };
const SIGN_UPS_PER_EMAIL = { max: 10, timeWindow: '15 minutes' };
/** A 6-digit code valid ±1 step: five tries per quarter hour keep guessing hopeless. */
const CODES_PER_CLIENT = { max: 20, timeWindow: '1 minute' };
const CODES_PER_ACCOUNT = { max: 5, timeWindow: '15 minutes' };

/** The URLs of a sign-in interaction's forms. */
export function interactionUrls(basePath: string, uid: string) {
  const base = `${basePath}/interaction/${encodeURIComponent(uid)}`;
  return {
    entry: base,
    login: `${base}/login`,
    signUp: `${base}/signup`,
    secondFactor: `${base}/second-factor`,
  };
}

interface SignInFields {
  email?: string;
  error?: string;
  fieldsInvalid?: boolean;
}
interface SignUpFields {
  email?: string;
  error?: string;
  invalid?: 'email' | 'password';
}

function renderInteractionSignIn(
  page: PageContext,
  basePath: string,
  uid: string,
  fields: SignInFields,
) {
  const { login, signUp } = interactionUrls(basePath, uid);
  return renderSignInPage(page, {
    action: login,
    signUpUrl: signUp,
    forgotPasswordUrl: `${basePath}/forgot-password`,
    ...fields,
  });
}

function renderInteractionSignUp(
  page: PageContext,
  basePath: string,
  uid: string,
  fields: SignUpFields,
) {
  const { login, signUp } = interactionUrls(basePath, uid);
  return renderSignUpPage(page, { action: signUp, signInUrl: login, ...fields });
}

/** The address the client passed as `login_hint`, as the forms take one. */
export function loginHintOf(interaction: Pick<Interaction, 'params'>): string {
  return stringParam(interaction.params.login_hint).trim().slice(0, MAX_EMAIL_LENGTH);
}

/**
 * The first page of a sign-in: the sign-up form when the client asked for it (the console's
 * /signup sends `screen_hint=signup`, and the address as `login_hint`), the sign-in form
 * otherwise, the address filled in. Each links to the other.
 */
export function renderInteractionEntry(
  page: PageContext,
  basePath: string,
  interaction: Pick<Interaction, 'uid' | 'params'>,
): string {
  const email = loginHintOf(interaction);
  return interaction.params.screen_hint === 'signup'
    ? renderInteractionSignUp(page, basePath, interaction.uid, { email })
    : renderInteractionSignIn(page, basePath, interaction.uid, { email });
}

/**
 * The pages oidc-provider sends the browser to when it needs the user: sign-in, sign-up (when the
 * authorization request says `screen_hint=signup`) and the second factor.
 *
 * Every request must carry the interaction cookie oidc-provider set for this very uid (signed,
 * SameSite=Lax, scoped to this interaction's path), and a post must not come from another origin.
 * That is the CSRF defence: another site can neither read the uid's cookie nor make the browser
 * send it with a cross-site POST.
 */
export function createInteractionRoutes(options: InteractionRoutesOptions): FastifyPluginAsync {
  const { provider, accounts, db, mail, page, basePath, waitBeforeSignIn = waitFor } = options;
  const expectedOrigin = new URL(options.issuer).origin;

  const urls = (uid: string) => interactionUrls(basePath, uid);

  const signInPage = (uid: string, fields: SignInFields) =>
    renderInteractionSignIn(page, basePath, uid, fields);
  const signUpPage = (uid: string, fields: SignUpFields) =>
    renderInteractionSignUp(page, basePath, uid, fields);

  function secondFactorPage(uid: string, fields: { error?: string; fieldInvalid?: boolean }) {
    const { login, secondFactor } = urls(uid);
    return renderSecondFactorPage(page, { action: secondFactor, signInUrl: login, ...fields });
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

  /** The login interaction a form post belongs to: same origin, this browser's, still open. */
  async function postedInteraction(
    request: FastifyRequest<{ Params: UidParams }>,
    reply: FastifyReply,
  ): Promise<Interaction | undefined> {
    if (!sameOrigin(request, expectedOrigin)) return undefined;
    const interaction = await interactionFor(request, reply);
    return interaction?.prompt.name === 'login' ? interaction : undefined;
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

  /** Ends the authorization: back to the client with the address to verify (spec 4.2). */
  function finishUnverified(request: FastifyRequest, reply: FastifyReply, email: string) {
    return finish(request, reply, {
      error: 'access_denied',
      error_description: emailUnverifiedDescription(email),
    });
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
    const signInThrottle = createSignInThrottle(db);
    const signUpsFromClient = app.createRateLimit(SIGN_UPS_PER_CLIENT);
    const signUpsForEmail = app.createRateLimit({
      ...SIGN_UPS_PER_EMAIL,
      keyGenerator: emailRateLimitKey('sign-up-email'),
    });
    const codesFromClient = app.createRateLimit(CODES_PER_CLIENT);
    /** The account a code is for, set before the per-account limit counts the request. */
    const codeAccount = new WeakMap<FastifyRequest, string>();
    const codesForAccount = app.createRateLimit({
      ...CODES_PER_ACCOUNT,
      keyGenerator: (request) => `code-account:${codeAccount.get(request) ?? ''}`,
    });

    /** The limits a form's post counts against: the client's, and the address's once it has one. */
    function limitsFor(request: FastifyRequest, client: Limiter, perEmail: Limiter): Limiter[] {
      return emailParam(formOf(request.body).email) ? [client, perEmail] : [client];
    }

    /**
     * The sign-in page saying to wait (the e-mail kept, the password not). Not the app's JSON
     * 429: a browser posted a form.
     */
    function sendSignInThrottled(
      request: FastifyRequest<{ Params: UidParams }>,
      reply: FastifyReply,
      limit: 'client' | 'email-and-client',
    ): FastifyReply {
      request.log.info({ limit }, 'sign-in throttled');
      return sendPage(
        reply,
        429,
        signInPage(request.params.uid, {
          email: emailParam(formOf(request.body).email),
          error: TOO_MANY_ATTEMPTS,
          fieldsInvalid: false,
        }),
      );
    }

    /** Counts a sign-in post against its client's limit. */
    async function throttleSignIn(
      request: FastifyRequest<{ Params: UidParams }>,
      reply: FastifyReply,
    ): Promise<FastifyReply | undefined> {
      if ((await exceededLimit(request, reply, [attemptsFromClient])) === undefined) {
        return undefined;
      }
      return sendSignInThrottled(request, reply, 'client');
    }

    async function throttleSignUp(
      request: FastifyRequest<{ Params: UidParams }>,
      reply: FastifyReply,
    ): Promise<FastifyReply | undefined> {
      const limits = limitsFor(request, signUpsFromClient, signUpsForEmail);
      if ((await exceededLimit(request, reply, limits)) === undefined) return undefined;
      request.log.info('sign-up throttled');
      return sendPage(
        reply,
        429,
        signUpPage(request.params.uid, {
          email: emailParam(formOf(request.body).email),
          error: TOO_MANY_SIGN_UPS,
        }),
      );
    }

    async function throttleCodes(
      request: FastifyRequest<{ Params: UidParams }>,
      reply: FastifyReply,
    ): Promise<FastifyReply | undefined> {
      if ((await exceededLimit(request, reply, [codesFromClient])) === undefined) return undefined;
      request.log.info({ limit: 'client' }, 'second factor throttled');
      return sendPage(
        reply,
        429,
        secondFactorPage(request.params.uid, { error: TOO_MANY_CODES, fieldInvalid: false }),
      );
    }

    /**
     * The login interaction a page is for; undefined when the request was answered otherwise
     * already (an expired interaction, or a prompt other than login).
     */
    async function loginInteraction(
      request: FastifyRequest<{ Params: UidParams }>,
      reply: FastifyReply,
    ): Promise<Interaction | undefined> {
      const interaction = await interactionFor(request, reply);
      if (!interaction) {
        sendExpired(reply, 400);
        return undefined;
      }
      if (interaction.prompt.name !== 'login') {
        // The first-party grant loader answers consent before it is asked; anything else is a
        // prompt this provider was not configured for.
        request.log.warn({ prompt: interaction.prompt.name }, 'unexpected interaction prompt');
        await finish(request, reply, {
          error: 'access_denied',
          error_description: `unsupported interaction: ${interaction.prompt.name}`,
        });
        return undefined;
      }
      return interaction;
    }

    // The page the authorization request answers with (interaction-entry.ts); again on reload.
    app.get<{ Params: UidParams }>(`${basePath}/interaction/:uid`, async (request, reply) => {
      const interaction = await loginInteraction(request, reply);
      if (!interaction) return reply;
      return sendPage(reply, 200, renderInteractionEntry(page, basePath, interaction));
    });

    app.get<{ Params: UidParams }>(`${basePath}/interaction/:uid/login`, async (request, reply) => {
      const interaction = await loginInteraction(request, reply);
      if (!interaction) return reply;
      // Back from the code step to the password: that password no longer counts.
      await forgetPasswordStep(db, interaction.uid);
      return sendPage(reply, 200, signInPage(interaction.uid, { email: loginHintOf(interaction) }));
    });

    app.get<{ Params: UidParams }>(
      `${basePath}/interaction/:uid/signup`,
      async (request, reply) => {
        const interaction = await loginInteraction(request, reply);
        if (!interaction) return reply;
        return sendPage(
          reply,
          200,
          signUpPage(interaction.uid, { email: loginHintOf(interaction) }),
        );
      },
    );

    app.post<{ Params: UidParams; Body: unknown }>(
      `${basePath}/interaction/:uid/login`,
      { bodyLimit: MAX_FORM_BYTES, preHandler: throttleSignIn },
      async (request, reply) => {
        const interaction = await postedInteraction(request, reply);
        if (!interaction) return sendExpired(reply, 403);

        const form = formOf(request.body);
        const uid = interaction.uid;
        if (unsafeFormField(form) !== undefined) {
          return sendPage(reply, 400, signInPage(uid, { error: UNSAFE_FORM_TEXT }));
        }
        const email = emailParam(form.email);
        const password = stringParam(form.password);
        if (!email || !password) {
          return sendPage(reply, 400, signInPage(uid, { email, error: MISSING_CREDENTIALS }));
        }

        // Counted before the password is checked, overlong ones too; a success clears it.
        const attempt = await signInThrottle.start(email, request.ip);
        if (!attempt.allowed) {
          reply.header('retry-after', String(attempt.retryAfterSeconds));
          return sendSignInThrottled(request, reply, 'email-and-client');
        }
        await waitBeforeSignIn(attempt.delayMs);
        if (password.length > MAX_PASSWORD_LENGTH) {
          return sendPage(reply, 400, signInPage(uid, { email, error: WRONG_CREDENTIALS }));
        }
        const outcome = await accounts.verifyCredentials(email, password);
        if (!outcome.ok) {
          request.log.info({ reason: outcome.reason }, 'sign-in refused');
          if (outcome.reason === 'blocked') {
            // Only after the right password: a blocked account is not disclosed to guessers.
            return finish(request, reply, {
              error: 'access_denied',
              error_description: USER_BLOCKED,
            });
          }
          return sendPage(reply, 400, signInPage(uid, { email, error: WRONG_CREDENTIALS }));
        }
        await attempt.succeeded();

        const { account } = outcome;
        if (!account.emailVerified) {
          request.log.info({ userId: account.id }, 'sign-in refused: e-mail not verified');
          return finishUnverified(request, reply, account.email);
        }
        const totp = await accounts.getTotp(account.id);
        if (totp?.enabledAt && totp.secret) {
          const ttl = interaction.exp - Math.floor(Date.now() / 1000);
          await rememberPasswordStep(db, uid, account.id, ttl);
          return sendPage(reply, 200, secondFactorPage(uid, {}));
        }
        request.log.info({ userId: account.id }, 'signed in');
        return finish(request, reply, {
          login: { accountId: account.id, amr: ['pwd'], remember: true },
        });
      },
    );

    app.post<{ Params: UidParams; Body: unknown }>(
      `${basePath}/interaction/:uid/second-factor`,
      { bodyLimit: MAX_FORM_BYTES, preHandler: throttleCodes },
      async (request, reply) => {
        const interaction = await postedInteraction(request, reply);
        if (!interaction) return sendExpired(reply, 403);
        const uid = interaction.uid;
        const accountId = await passwordStepAccount(db, uid);
        if (!accountId) {
          return sendPage(
            reply,
            400,
            signInPage(uid, {
              email: loginHintOf(interaction),
              error: PASSWORD_STEP_GONE,
              fieldsInvalid: false,
            }),
          );
        }
        codeAccount.set(request, accountId);
        if ((await exceededLimit(request, reply, [codesForAccount])) !== undefined) {
          request.log.info({ limit: 'account' }, 'second factor throttled');
          return sendPage(
            reply,
            429,
            secondFactorPage(uid, { error: TOO_MANY_CODES, fieldInvalid: false }),
          );
        }

        const account = await accounts.findAccountById(accountId);
        if (!account || account.blocked) {
          await forgetPasswordStep(db, uid);
          return finish(request, reply, {
            error: 'access_denied',
            error_description: USER_BLOCKED,
          });
        }
        const totp = await accounts.getTotp(accountId);
        if (!totp?.enabledAt || !totp.secret) {
          // Turned off since the password step (in another browser): the password was enough.
          await forgetPasswordStep(db, uid);
          return finish(request, reply, {
            login: { accountId, amr: ['pwd'], remember: true },
          });
        }
        const form = formOf(request.body);
        if (unsafeFormField(form) !== undefined) {
          return sendPage(reply, 400, secondFactorPage(uid, { error: UNSAFE_FORM_TEXT }));
        }
        const code = stringParam(form.code);
        if (!code.trim()) {
          return sendPage(reply, 400, secondFactorPage(uid, { error: MISSING_CODE }));
        }
        const check = await checkTotpCode(db, accountId, totp.secret, code);
        if (!check.ok) {
          request.log.info({ userId: accountId, reason: check.reason }, 'second factor refused');
          const error = check.reason === 'reused' ? REUSED_CODE : WRONG_CODE;
          return sendPage(reply, 400, secondFactorPage(uid, { error }));
        }
        await forgetPasswordStep(db, uid);
        request.log.info({ userId: accountId }, 'signed in with a second factor');
        // The session's login time is the second factor's: tokens carry it as mfa_time.
        return finish(request, reply, {
          login: { accountId, amr: ['pwd', 'otp'], remember: true },
        });
      },
    );

    app.post<{ Params: UidParams; Body: unknown }>(
      `${basePath}/interaction/:uid/signup`,
      { bodyLimit: MAX_FORM_BYTES, preHandler: throttleSignUp },
      async (request, reply) => {
        const interaction = await postedInteraction(request, reply);
        if (!interaction) return sendExpired(reply, 403);
        const uid = interaction.uid;
        const form = formOf(request.body);
        const unsafe = unsafeFormField(form);
        if (unsafe !== undefined) {
          const invalid = unsafe === 'password' ? 'password' : 'email';
          return sendPage(reply, 400, signUpPage(uid, { error: UNSAFE_FORM_TEXT, invalid }));
        }
        const email = emailParam(form.email);
        const password = stringParam(form.password);

        if (!email) {
          return sendPage(reply, 400, signUpPage(uid, { error: MISSING_EMAIL, invalid: 'email' }));
        }
        if (!isValidEmail(email)) {
          return sendPage(
            reply,
            400,
            signUpPage(uid, { email, error: INVALID_EMAIL, invalid: 'email' }),
          );
        }
        const problem = passwordProblem(password, { email });
        if (problem) {
          return sendPage(
            reply,
            400,
            signUpPage(uid, { email, error: problem, invalid: 'password' }),
          );
        }

        // Hashed before the transaction (scrypt's time is not spent holding a connection), and
        // for a taken address too: both answers take the hashing's time.
        const passwordHash = await accounts.hashPassword(password);
        const created = await db.transaction(async (tx) => {
          const result = await accounts.createSignUp(tx, {
            email,
            passwordHash,
            // An invitee joins the inviting company; anyone else signs up to set one up (spec
            // 4.1's onboarding flag, kept with the user so any browser continues from it).
            onboardingIntent: interaction.params[SIGNUP_FOR_PARAM] !== 'invite',
          });
          if (result.ok) {
            await sendVerificationMail(tx, mail, result.account);
            return result;
          }
          // Already registered: the answer below is a new sign-up's, so the form tells nobody
          // which addresses have accounts. The account stays as it is (the typed password is
          // dropped); its owner gets a mail saying so, with sign-in and reset links. A blocked
          // account gets none, as "Forgot your password?" sends it none. What this cannot hide:
          // signing in afterwards with the password just typed says "email-unverified" when the
          // sign-up created the account and "wrong password" when it found one; each such probe
          // of a free address creates an account and mails the address, and counts against the
          // sign-up and sign-in limits per address.
          const existing = await accounts.findByEmail(email, tx);
          if (existing && !existing.blocked) await sendExistingAccountMail(tx, mail, existing);
          return result;
        });
        if (!created.ok) {
          // Logged without the address or the user, like the mail forms.
          request.log.info('sign-up for an address already registered: owner told by mail');
          return finishUnverified(request, reply, email);
        }
        request.log.info({ userId: created.account.id }, 'signed up');
        // No tokens before the address is verified: the console shows verify-email (spec 4.2).
        return finishUnverified(request, reply, created.account.email);
      },
    );
  };
}
