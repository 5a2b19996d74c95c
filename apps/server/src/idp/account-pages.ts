import {
  csrfInput,
  field,
  formError,
  formNotice,
  hiddenInput,
  type FieldOptions,
} from './form-fields.js';
import { MAX_EMAIL_LENGTH } from './forms.js';
import { html, renderPage, type PageContext, type SafeHtml } from './html.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_HINT } from './password-policy.js';

/**
 * The provider's pages besides sign-in: sign-up, the second factor, e-mail verification, password
 * reset and two-factor settings. Plain HTML forms in the sign-in page's look that work without
 * script; every field is labelled, errors are announced and tied to their fields, and the focus
 * starts where the user has to type.
 */

export interface Link {
  href: string;
  label: string;
}

function emailField(email: string, extra: Partial<FieldOptions> = {}): SafeHtml {
  return field({
    id: 'email',
    label: 'Email address',
    type: 'email',
    value: email,
    autocomplete: 'username',
    maxLength: MAX_EMAIL_LENGTH,
    ...extra,
  });
}

function codeField(extra: Partial<FieldOptions> = {}): SafeHtml {
  return field({
    id: 'code',
    label: 'Authentication code',
    type: 'text',
    autocomplete: 'one-time-code',
    numeric: true,
    maxLength: 12,
    hint: 'The 6-digit code your authenticator app shows now.',
    ...extra,
  });
}

// ---------------------------------------------------------------------------------------------
// Inside a sign-in interaction
// ---------------------------------------------------------------------------------------------

export interface SignUpPageOptions {
  action: string;
  signInUrl: string;
  email?: string;
  error?: string;
  /** Which field the error is about; none marks no field wrong (a throttled form, say). */
  invalid?: 'email' | 'password';
}

/** Sign-up (decisions.md: "Email address", "Password", "Create account"). */
export function renderSignUpPage(page: PageContext, options: SignUpPageOptions): string {
  const { action, signInUrl, email = '', error, invalid } = options;
  const focusEmail = !email || invalid === 'email';
  return renderPage(page, {
    title: 'Create account',
    main: html`<h1>Create your ${page.productName} account</h1>
      <p class="lead">Enter your work email address and choose a password.</p>
      ${formError(error)}
      <form method="post" action="${action}">
        ${emailField(email, {
          invalid: invalid === 'email',
          describedByError: Boolean(error) && !invalid,
          autofocus: focusEmail,
        })}
        ${field({
          id: 'password',
          label: 'Password',
          type: 'password',
          autocomplete: 'new-password',
          hint: PASSWORD_HINT,
          minLength: MIN_PASSWORD_LENGTH,
          maxLength: MAX_PASSWORD_LENGTH,
          invalid: invalid === 'password',
          autofocus: !focusEmail,
        })}
        <button type="submit">Create account</button>
      </form>
      <p class="alternative">Already have an account? <a href="${signInUrl}">Sign in</a></p>`,
  });
}

export interface SecondFactorPageOptions {
  action: string;
  /** Back to the password form of the same sign-in. */
  signInUrl: string;
  error?: string;
  /** Whether the error is about the code typed (marks the field invalid); default true. */
  fieldInvalid?: boolean;
}

/** The second sign-in step for users with two-factor authentication on. */
export function renderSecondFactorPage(
  page: PageContext,
  options: SecondFactorPageOptions,
): string {
  const { action, signInUrl, error, fieldInvalid = true } = options;
  return renderPage(page, {
    title: 'Two-factor authentication',
    main: html`<h1>Two-factor authentication</h1>
      <p class="lead">Enter the code from your authenticator app to finish signing in.</p>
      ${formError(error)}
      <form method="post" action="${action}">
        ${codeField({
          invalid: Boolean(error) && fieldInvalid,
          describedByError: Boolean(error) && !fieldInvalid,
          autofocus: true,
        })}
        <button type="submit">Continue</button>
      </form>
      <p class="alternative"><a href="${signInUrl}">Sign in with another account</a></p>`,
  });
}

// ---------------------------------------------------------------------------------------------
// Outcome pages
// ---------------------------------------------------------------------------------------------

export interface MessagePageOptions {
  title: string;
  paragraphs: string[];
  links?: Link[];
  /** An outcome the user wanted (verified, changed): announced as a status. */
  success?: boolean;
}

/** A page that says how something went and where to go from here. */
export function renderMessagePage(page: PageContext, options: MessagePageOptions): string {
  const { title, paragraphs, links = [], success = false } = options;
  const [first, ...rest] = paragraphs;
  return renderPage(page, {
    title,
    main: html`<h1>${title}</h1>
      ${
        first === undefined
          ? ''
          : success
            ? html`<p class="lead" role="status">${first}</p>`
            : html`<p class="lead">${first}</p>`
      }
      ${rest.map((paragraph) => html`<p>${paragraph}</p>`)}
      ${
        links.length > 0
          ? html`<ul class="links">
              ${links.map((link) => html`<li><a href="${link.href}">${link.label}</a></li>`)}
            </ul>`
          : ''
      }`,
  });
}

// ---------------------------------------------------------------------------------------------
// E-mail verification and password reset (no sign-in needed)
// ---------------------------------------------------------------------------------------------

export interface EmailFormPageOptions {
  action: string;
  csrf: string;
  email?: string;
  error?: string;
  invalid?: boolean;
  back?: Link;
}

export interface VerifyEmailPageOptions {
  action: string;
  csrf: string;
  token: string;
  /** The address the link verifies. */
  email: string;
  error?: string;
}

/**
 * The verification link's page. Opening the link verifies nothing: mail scanners open links too,
 * so only the person pressing the button spends it.
 */
export function renderVerifyEmailPage(page: PageContext, options: VerifyEmailPageOptions): string {
  const { action, csrf, token, email, error } = options;
  return renderPage(page, {
    title: 'Verify your e-mail address',
    main: html`<h1>Verify your e-mail address</h1>
      <p class="lead">
        Confirm that ${email} is your address to finish creating your ${page.productName} account.
      </p>
      ${formError(error)}
      <form method="post" action="${action}">
        ${csrfInput(csrf)} ${hiddenInput('token', token)}
        <button type="submit">Verify e-mail address</button>
      </form>`,
  });
}

/** "Resend verification e-mail": the console's verify-email screen links here. */
export function renderResendVerificationPage(
  page: PageContext,
  options: EmailFormPageOptions,
): string {
  const { action, csrf, email = '', error, invalid = false, back } = options;
  return renderPage(page, {
    title: 'Resend verification e-mail',
    main: html`<h1>Resend the verification e-mail</h1>
      <p class="lead">
        Enter the email address you signed up with and we'll send you a new link to verify it.
      </p>
      ${formError(error)}
      <form method="post" action="${action}">
        ${csrfInput(csrf)}
        ${emailField(email, { invalid, describedByError: Boolean(error) && !invalid, autofocus: true })}
        <button type="submit">Resend verification e-mail</button>
      </form>
      ${back ? html`<p class="alternative"><a href="${back.href}">${back.label}</a></p>` : ''}`,
  });
}

/** "Forgot your password?": asks for the address to send a reset link to. */
export function renderForgotPasswordPage(page: PageContext, options: EmailFormPageOptions): string {
  const { action, csrf, email = '', error, invalid = false, back } = options;
  return renderPage(page, {
    title: 'Reset your password',
    main: html`<h1>Reset your password</h1>
      <p class="lead">
        Enter your email address and we'll send you a link to choose a new password.
      </p>
      ${formError(error)}
      <form method="post" action="${action}">
        ${csrfInput(csrf)}
        ${emailField(email, { invalid, describedByError: Boolean(error) && !invalid, autofocus: true })}
        <button type="submit">Send reset link</button>
      </form>
      ${back ? html`<p class="alternative"><a href="${back.href}">${back.label}</a></p>` : ''}`,
  });
}

export interface ResetPasswordPageOptions {
  action: string;
  csrf: string;
  token: string;
  error?: string;
  invalid?: 'password' | 'confirmation';
}

/** The reset link's page: the new password, twice. */
export function renderResetPasswordPage(
  page: PageContext,
  options: ResetPasswordPageOptions,
): string {
  const { action, csrf, token, error, invalid } = options;
  return renderPage(page, {
    title: 'Choose a new password',
    main: html`<h1>Choose a new password</h1>
      <p class="lead">Your new password replaces the old one everywhere you sign in.</p>
      ${formError(error)}
      <form method="post" action="${action}">
        ${csrfInput(csrf)} ${hiddenInput('token', token)}
        ${field({
          id: 'password',
          label: 'New password',
          type: 'password',
          autocomplete: 'new-password',
          hint: PASSWORD_HINT,
          minLength: MIN_PASSWORD_LENGTH,
          maxLength: MAX_PASSWORD_LENGTH,
          invalid: invalid === 'password',
          autofocus: invalid !== 'confirmation',
        })}
        ${field({
          id: 'confirmation',
          label: 'Confirm new password',
          type: 'password',
          autocomplete: 'new-password',
          maxLength: MAX_PASSWORD_LENGTH,
          invalid: invalid === 'confirmation',
          autofocus: invalid === 'confirmation',
        })}
        <button type="submit">Change password</button>
      </form>`,
  });
}

// ---------------------------------------------------------------------------------------------
// Two-factor settings (signed in at the provider)
// ---------------------------------------------------------------------------------------------

export interface TwoFactorEnrolPageOptions {
  action: string;
  csrf: string;
  returnTo: string;
  /** The secret, grouped in fours for typing. */
  groupedSecret: string;
  otpauthUri: string;
  email: string;
  error?: string;
}

/** Setting up TOTP: the key to add to an app, then a code from it to confirm. */
export function renderTwoFactorEnrolPage(
  page: PageContext,
  options: TwoFactorEnrolPageOptions,
): string {
  const { action, csrf, returnTo, error } = options;
  return renderPage(page, {
    title: 'Set up two-factor authentication',
    main: html`<h1>Set up two-factor authentication</h1>
      <p class="lead">
        Signing in to ${page.productName} as ${options.email} will also ask for a code from an
        authenticator app on your phone or computer.
      </p>
      ${formError(error)}
      <ol class="steps">
        <li>
          <p>In your authenticator app, add an account with this setup key (time-based):</p>
          <p class="secret" id="setup-key">${options.groupedSecret}</p>
          <p>
            On this device you can also
            <a href="${options.otpauthUri}">open the key in your authenticator app</a>.
          </p>
        </li>
        <li><p>Enter the code the app shows for ${page.productName}.</p></li>
      </ol>
      <form method="post" action="${action}">
        ${csrfInput(csrf)} ${hiddenInput('return_to', returnTo)}
        ${codeField({ invalid: Boolean(error), autofocus: Boolean(error) })}
        <button type="submit">Turn on two-factor authentication</button>
      </form>
      <p class="alternative"><a href="${returnTo}">Back to ${page.productName}</a></p>`,
  });
}

export interface TwoFactorManagePageOptions {
  action: string;
  csrf: string;
  returnTo: string;
  email: string;
  error?: string;
  notice?: string;
}

/** Two-factor authentication is on: say so, and offer to turn it off with a current code. */
export function renderTwoFactorManagePage(
  page: PageContext,
  options: TwoFactorManagePageOptions,
): string {
  const { action, csrf, returnTo, error, notice } = options;
  return renderPage(page, {
    title: 'Two-factor authentication',
    main: html`<h1>Two-factor authentication</h1>
      ${formNotice(notice)}
      <p class="lead">
        Two-factor authentication is on for ${options.email}: signing in asks for a code from your
        authenticator app.
      </p>
      <h2>Turn it off</h2>
      <p>Enter a current code from your authenticator app to turn two-factor authentication off.</p>
      ${formError(error)}
      <form method="post" action="${action}">
        ${csrfInput(csrf)} ${hiddenInput('return_to', returnTo)}
        ${codeField({ invalid: Boolean(error), autofocus: Boolean(error) })}
        <button type="submit" class="secondary">Turn off two-factor authentication</button>
      </form>
      <p class="alternative"><a href="${returnTo}">Back to ${page.productName}</a></p>`,
  });
}
