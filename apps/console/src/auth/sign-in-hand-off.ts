import { SIGNUP_AFTER_LOGOUT_KEY, type ConsoleConfig, type SignInOptions } from '@boon/console-kit';
import { clientSettings, storedUserKey } from './client-settings';
import { signInState } from './sign-in-state';
import { writeSignedInHint } from './signed-in-hint';

/** The most an e-mail address in a link may be (as the /login route takes it). */
const EMAIL_MAX_LENGTH = 320;

/**
 * A search parameter as the router reads it: JSON where it parses (so `?email=123` is a number,
 * not an address), the text itself otherwise; trimmed, and only when it is non-empty text.
 */
function searchText(params: URLSearchParams, name: string, maxLength = 2048): string | undefined {
  const raw = params.get(name);
  if (raw === null) return undefined;
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    // Not JSON: the text as it is.
  }
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' || trimmed.length > maxLength ? undefined : trimmed;
}

export interface EntryFacts {
  /** The address the browser opened. */
  location: Pick<Location, 'pathname' | 'search' | 'hash'>;
  /** Whether a user is stored (even with expired tokens, which the console renews). */
  signedIn: boolean;
  /** Onboarding's "sign up with another e-mail" logged out and wants /signup next. */
  signupAfterLogout: boolean;
}

/**
 * Where the console's first screen would send this visit anyway, decided before the console
 * loads: to the provider's sign-in, with these options; undefined when the console must start.
 * - /login hands every visitor to the provider (spec 2.2), its `email` as the login hint and its
 *   `redirect` as the path to return to, as the /login route does.
 * - / sends a signed-out visitor to /login, which sends them on to the provider: the same
 *   hand-off, without loading the console on the way.
 * Every other page starts the console, whose guards decide (deep links, public pages, sign-up).
 */
export function signInBeforeConsole(facts: EntryFacts): SignInOptions | undefined {
  const { pathname, search, hash } = facts.location;
  if (pathname === '/login') {
    const params = new URLSearchParams(search);
    const loginHint = searchText(params, 'email', EMAIL_MAX_LENGTH);
    const returnTo = searchText(params, 'redirect');
    return { ...(loginHint ? { loginHint } : {}), ...(returnTo ? { returnTo } : {}) };
  }
  if (pathname === '/' && !facts.signedIn && !facts.signupAfterLogout) {
    const href = `${pathname}${search}${hash}`;
    return href === '/' ? {} : { returnTo: href };
  }
  return undefined;
}

/** Random bytes as base64url text (RFC 4648 §5). */
function randomText(bytes: number): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/**
 * The authorization request of a sign-in, as oidc-client-ts's `signinRedirect` makes it, and the
 * state it keeps for the callback, in oidc-client-ts's format (SigninState.toStorageString) and
 * place (its state store: localStorage under `oidc.` and the state's id). The console's
 * UserManager finishes the sign-in at /auth/callback as if it had started it itself; the test
 * beside this file proves that against the library.
 *
 * Written out rather than imported: oidc-client-ts is about 20 KB of compressed script that a
 * visitor on their way to the sign-in form would download and run for nothing else.
 */
export async function authorizationRequest(
  config: ConsoleConfig,
  origin: string,
  options: SignInOptions,
  storage: Storage,
): Promise<string | undefined> {
  const settings = clientSettings(config.oidc, origin);
  const endpoint = settings.metadata?.authorization_endpoint;
  // Without the endpoints, the discovery document is the library's to fetch: the console starts.
  if (!endpoint) return undefined;
  const id = randomText(16);
  const codeVerifier = randomText(32);
  const challenge = base64url(
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier))),
  );
  storage.setItem(
    `oidc.${id}`,
    JSON.stringify({
      id,
      data: signInState(options.returnTo),
      created: Math.floor(Date.now() / 1000),
      request_type: 'si:r',
      code_verifier: codeVerifier,
      authority: settings.authority,
      client_id: settings.client_id,
      redirect_uri: settings.redirect_uri,
      scope: settings.scope,
    }),
  );
  const url = new URL(endpoint);
  url.search = new URLSearchParams({
    client_id: settings.client_id,
    redirect_uri: settings.redirect_uri,
    response_type: settings.response_type,
    scope: settings.scope,
    state: id,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: settings.resource,
    ...(options.loginHint ? { login_hint: options.loginHint } : {}),
  }).toString();
  return url.href;
}

/** Spec 2.2's text while /login hands over to the provider. */
export const LOGGING_IN_TEXT = 'Logging you in…';

/** The start-up screen of index.html says what is happening now; the console is not coming. */
function showLoggingIn(): void {
  const heading = document.querySelector('#root .boot h1');
  if (heading) heading.textContent = LOGGING_IN_TEXT;
}

function signupAfterLogoutRequested(): boolean {
  return sessionStorage.getItem(SIGNUP_AFTER_LOGOUT_KEY) !== null;
}

/**
 * Sends a visit that is only passing through on its way to the provider (signInBeforeConsole)
 * straight there, so a signed-out visitor downloads a few kilobytes of script instead of the
 * whole console first. Resolves true once the browser is on its way; false when the console has
 * to start, also when the hand-off failed (storage switched off, no crypto): the console's /login
 * then says what went wrong and offers to try again.
 */
export async function handOffToSignIn(
  config: ConsoleConfig,
  navigate: (url: string) => void = (url) => window.location.assign(url),
): Promise<boolean> {
  try {
    const signedIn = localStorage.getItem(storedUserKey(config.oidc)) !== null;
    writeSignedInHint(signedIn);
    const options = signInBeforeConsole({
      location: window.location,
      signedIn,
      signupAfterLogout: signupAfterLogoutRequested(),
    });
    if (!options) return false;
    const url = await authorizationRequest(config, window.location.origin, options, localStorage);
    if (!url) return false;
    showLoggingIn();
    navigate(url);
    return true;
  } catch (error) {
    console.warn('Could not hand off to sign-in before the console started', error);
    return false;
  }
}
