import { html, renderPage, type PageContext } from './html.js';

export interface SignInPageOptions {
  /** Where the form posts: the interaction's own login URL. */
  action: string;
  email?: string;
  /** Shown above the form, announced, and tied to both fields. */
  error?: string;
  /** Whether the error is about what was typed (marks the fields invalid); default true. */
  fieldsInvalid?: boolean;
  /** The same sign-in's sign-up form ("Create account"). */
  signUpUrl: string;
  /** The "Forgot your password?" page. */
  forgotPasswordUrl: string;
}

const ERROR_ID = 'sign-in-error';

/**
 * The sign-in form (decisions.md: "Email address", "Password", "Continue"). Plain HTML that works
 * without script; the focus lands where the user has to type next.
 */
export function renderSignInPage(page: PageContext, options: SignInPageOptions): string {
  const { action, email = '', error, fieldsInvalid = true, signUpUrl, forgotPasswordUrl } = options;
  const invalid = error
    ? html`${fieldsInvalid ? html` aria-invalid="true"` : ''} aria-describedby="${ERROR_ID}"`
    : html``;
  const focusEmail = !email;
  return renderPage(page, {
    title: 'Sign in',
    main: html`<h1>Sign in to ${page.productName}</h1>
      <p class="lead">Enter your email address and password to continue.</p>
      ${error ? html`<p class="error" id="${ERROR_ID}" role="alert">${error}</p>` : ''}
      <form method="post" action="${action}">
        <div class="field">
          <label for="email">Email address</label>
          <input
            id="email"
            name="email"
            type="email"
            value="${email}"
            autocomplete="username"
            autocapitalize="none"
            spellcheck="false"
            maxlength="254"
            required${invalid}${focusEmail ? html` autofocus` : ''}
          />
        </div>
        <div class="field">
          <label for="password">Password</label>
          <input
            id="password"
            name="password"
            type="password"
            autocomplete="current-password"
            maxlength="1024"
            required${invalid}${focusEmail ? '' : html` autofocus`}
          />
        </div>
        <p class="field-link"><a href="${forgotPasswordUrl}">Forgot your password?</a></p>
        <button type="submit">Continue</button>
      </form>
      <p class="alternative">
        New to ${page.productName}? <a href="${signUpUrl}">Create account</a>
      </p>`,
  });
}
