import { createHash, randomBytes } from 'node:crypto';

/**
 * A browser-less OpenID Connect client for tests: it walks the same redirects, cookies and forms a
 * browser would (authorize with PKCE, the sign-in form, the code exchange), so API tests sign in
 * through the real identity provider instead of minting tokens by hand.
 */

export interface SignInOptions {
  /** The server's origin, e.g. http://127.0.0.1:51234; the provider is expected at /idp. */
  baseUrl: string;
  email: string;
  password: string;
  clientId?: string;
  /** Defaults to `${baseUrl}/auth/callback` (the console's; baseUrl is then the public URL). */
  redirectUri?: string;
  scope?: string;
  /** Sent as `customer_id` on the code exchange: the customer the access token is for. */
  customerId?: string;
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  idToken: string;
}

/** Signs in and returns the tokens the console would hold. Throws when sign-in fails. */
export async function signIn(options: SignInOptions): Promise<TokenSet> {
  const { tokens } = await signInWithBrowser(options);
  return tokens;
}

/** Like signIn, and also returns the browser, whose cookies hold the provider session. */
export async function signInWithBrowser(
  options: SignInOptions,
): Promise<{ tokens: TokenSet; browser: TestBrowser; provider: ProviderMetadata }> {
  const clientId = options.clientId ?? 'boon-console';
  const redirectUri = options.redirectUri ?? `${options.baseUrl}/auth/callback`;
  const provider = await discover(options.baseUrl);
  const browser = new TestBrowser();
  const request = newAuthorizationRequest({ clientId, redirectUri, scope: options.scope });

  let step = await authorize(browser, provider, { ...request, loginHint: options.email });
  if (step.kind === 'page') {
    step = await submitSignIn(browser, step, options.email, options.password, redirectUri);
  }
  if (step.kind === 'page') {
    throw new Error(`sign-in as ${options.email} failed: ${alertText(step.html) ?? step.status}`);
  }
  const code = codeFrom(step.url, request.state);
  const tokens = await exchangeCode(provider, {
    ...request,
    code,
    ...(options.customerId ? { customerId: options.customerId } : {}),
  });
  return { tokens, browser, provider };
}

// ---------------------------------------------------------------------------------------------
// The steps, for tests that look at each one.
// ---------------------------------------------------------------------------------------------

export interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  end_session_endpoint: string;
  jwks_uri: string;
  [key: string]: unknown;
}

export async function discover(baseUrl: string): Promise<ProviderMetadata> {
  const response = await fetch(`${baseUrl}/idp/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`discovery failed: ${response.status}`);
  return (await response.json()) as ProviderMetadata;
}

export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string;
  codeVerifier: string;
  codeChallenge: string;
}

export function newAuthorizationRequest(options: {
  clientId: string;
  redirectUri: string;
  scope?: string | undefined;
}): AuthorizationRequest {
  const codeVerifier = randomBytes(32).toString('base64url');
  return {
    clientId: options.clientId,
    redirectUri: options.redirectUri,
    scope: options.scope ?? 'openid email profile',
    state: randomBytes(16).toString('base64url'),
    codeVerifier,
    codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url'),
  };
}

/** Where a walk through the provider ended: on a page, or back at the client's redirect URI. */
export type Step =
  { kind: 'page'; url: URL; status: number; html: string } | { kind: 'callback'; url: URL };

export async function authorize(
  browser: TestBrowser,
  provider: ProviderMetadata,
  request: AuthorizationRequest & { loginHint?: string; prompt?: string },
): Promise<Step> {
  const url = new URL(provider.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    scope: request.scope,
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
    ...(request.loginHint ? { login_hint: request.loginHint } : {}),
    ...(request.prompt ? { prompt: request.prompt } : {}),
  }).toString();
  return browser.walk(url, { stopAt: request.redirectUri });
}

/** Fills in and posts the sign-in form of `page` (with extra request `headers`, if given). */
export async function submitSignIn(
  browser: TestBrowser,
  page: Extract<Step, { kind: 'page' }>,
  email: string,
  password: string,
  redirectUri: string,
  headers: Record<string, string> = {},
): Promise<Step> {
  const form = parseForm(page.html);
  if (!form) throw new Error(`no form on ${page.url.href} (status ${page.status})`);
  const response = await browser.postForm(
    new URL(form.action, page.url),
    { ...form.fields, email, password },
    headers,
  );
  return browser.follow(response, { stopAt: redirectUri });
}

export function codeFrom(callback: URL, expectedState: string): string {
  const error = callback.searchParams.get('error');
  if (error) {
    const description = callback.searchParams.get('error_description') ?? '';
    throw new Error(`authorization failed: ${error} ${description}`.trim());
  }
  if (callback.searchParams.get('state') !== expectedState) throw new Error('state mismatch');
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in ${callback.href}`);
  return code;
}

/**
 * The code exchange. `customerId` is sent as `customer_id`, as the console's oidc-client-ts does
 * through `extraTokenParams`; `extraParams` adds raw fields (repeats included) for tests of
 * malformed requests.
 */
export async function exchangeCode(
  provider: ProviderMetadata,
  request: AuthorizationRequest & {
    code: string;
    customerId?: string;
    extraParams?: [string, string][];
  },
): Promise<TokenSet> {
  return tokenRequest(
    provider,
    {
      grant_type: 'authorization_code',
      client_id: request.clientId,
      code: request.code,
      redirect_uri: request.redirectUri,
      code_verifier: request.codeVerifier,
      ...(request.customerId ? { customer_id: request.customerId } : {}),
    },
    request.extraParams,
  );
}

/** A refresh; `customerId` and `extraParams` as for exchangeCode. */
export async function refresh(
  provider: ProviderMetadata,
  options: {
    refreshToken: string;
    clientId?: string;
    customerId?: string;
    extraParams?: [string, string][];
  },
): Promise<TokenSet> {
  return tokenRequest(
    provider,
    {
      grant_type: 'refresh_token',
      client_id: options.clientId ?? 'boon-console',
      refresh_token: options.refreshToken,
      ...(options.customerId ? { customer_id: options.customerId } : {}),
    },
    options.extraParams,
  );
}

export class TokenRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error?: string; error_description?: string },
  ) {
    super(`token request failed (${status}): ${body.error} ${body.error_description ?? ''}`);
  }
}

async function tokenRequest(
  provider: ProviderMetadata,
  fields: Record<string, string>,
  extraParams: [string, string][] = [],
): Promise<TokenSet> {
  const body = new URLSearchParams(fields);
  for (const [name, value] of extraParams) body.append(name, value);
  const response = await fetch(provider.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const answer = (await response.json()) as Record<string, string | undefined>;
  if (!response.ok) throw new TokenRequestError(response.status, answer);
  const { access_token: accessToken, refresh_token: refreshToken, id_token: idToken } = answer;
  if (!accessToken || !refreshToken || !idToken) {
    throw new Error(`token response lacks a token: ${Object.keys(answer).join(', ')}`);
  }
  return { accessToken, refreshToken, idToken };
}

// ---------------------------------------------------------------------------------------------
// Browser mechanics: cookies, redirects, forms.
// ---------------------------------------------------------------------------------------------

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

/** Cookies for one host, kept and sent by name and path the way a browser does. */
export class CookieJar {
  readonly #cookies = new Map<string, StoredCookie>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', ...rest] = attribute.split('=');
        const attributeValue = rest.join('=');
        switch (key.toLowerCase()) {
          case 'path':
            path = attributeValue || '/';
            break;
          case 'expires':
            expired ||= Date.parse(attributeValue) <= Date.now();
            break;
          case 'max-age':
            expired ||= Number(attributeValue) <= 0;
            break;
        }
      }
      const key = `${path}\n${name}`;
      if (expired) this.#cookies.delete(key);
      else this.#cookies.set(key, { name, value, path });
    }
  }

  header(url: URL): string | undefined {
    const matching = [...this.#cookies.values()].filter((cookie) =>
      pathMatches(url.pathname, cookie.path),
    );
    return matching.length > 0
      ? matching.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
      : undefined;
  }

  names(): string[] {
    return [...this.#cookies.values()].map((cookie) => cookie.name);
  }
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

export class TestBrowser {
  readonly cookies = new CookieJar();

  /** One request, no redirects followed, cookies sent and kept. */
  async request(url: URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.cookies.header(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.cookies.store(response);
    return response;
  }

  postForm(
    url: URL,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields),
    });
  }

  /** GET `url`, then follow redirects as `follow` does. */
  async walk(url: URL, options: { stopAt?: string } = {}): Promise<Step> {
    return this.follow(await this.request(url), options);
  }

  /**
   * Follows redirects until a page answers, or a redirect leads to `stopAt` (the client's
   * redirect URI, which a browser would hand to the client application).
   */
  async follow(first: Response, options: { stopAt?: string } = {}): Promise<Step> {
    let response = first;
    let url = new URL(first.url);
    for (let hops = 0; hops < 10; hops += 1) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        return { kind: 'page', url, status: response.status, html: await response.text() };
      }
      await response.body?.cancel();
      url = new URL(location, url);
      if (options.stopAt && url.href.startsWith(options.stopAt)) return { kind: 'callback', url };
      response = await this.request(url);
    }
    throw new Error(`too many redirects, last at ${url.href}`);
  }
}

export interface ParsedForm {
  action: string;
  method: string;
  /** Every named input's value: those inside the form and those tied to it by `form="id"`. */
  fields: Record<string, string>;
}

/** The first form of a page (or the one with `id`), read the way a browser would submit it. */
export function parseForm(html: string, id?: string): ParsedForm | undefined {
  const forms = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)];
  const match = forms.find((form) => id === undefined || attribute(form[1] ?? '', 'id') === id);
  if (!match) return undefined;
  const formAttributes = match[1] ?? '';
  const formId = attribute(formAttributes, 'id');
  const fields: Record<string, string> = {};
  const addInput = (tag: string) => {
    const name = attribute(tag, 'name');
    if (name) fields[name] = attribute(tag, 'value') ?? '';
  };
  for (const input of (match[2] ?? '').matchAll(/<input\b[^>]*>/gi)) addInput(input[0]);
  if (formId) {
    for (const input of html.matchAll(/<input\b[^>]*>/gi)) {
      if (attribute(input[0], 'form') === formId) addInput(input[0]);
    }
  }
  return {
    action: attribute(formAttributes, 'action') ?? '',
    method: (attribute(formAttributes, 'method') ?? 'get').toLowerCase(),
    fields,
  };
}

function attribute(tag: string, name: string): string | undefined {
  const match = tag.match(new RegExp(`\\s${name}="([^"]*)"`, 'i'));
  return match?.[1] === undefined ? undefined : decodeEntities(match[1]);
}

function decodeEntities(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** The text of the page's role="alert" element, if it has one. */
export function alertText(html: string): string | undefined {
  const match = html.match(/<[^>]+role="alert"[^>]*>([\s\S]*?)<\//i);
  return match?.[1] === undefined ? undefined : decodeEntities(match[1].trim());
}
