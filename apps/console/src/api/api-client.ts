import { CUSTOMER_ID_HEADER, GENERIC_ERROR_MESSAGE, type ServiceBaseUrls } from '@boon/contracts';
import { ApiError, NO_RESPONSE_STATUS } from './api-error';
import { toApiError } from './to-api-error';

export type ServiceName = keyof ServiceBaseUrls;

export interface ApiClientOptions {
  /** Base address of each service (the runtime config's `api`). */
  baseUrls: ServiceBaseUrls;
  getAccessToken(): Promise<string | null>;
  /**
   * Renews the access token the API refused (null when the call carried none); false when the
   * session cannot be renewed.
   */
  refreshAccessToken(rejectedAccessToken: string | null): Promise<boolean>;
  /** The customer the user acts for, sent as x-customer-id; null before one is chosen. */
  getCustomerId(): string | null;
  /**
   * Called once a 401 survives a token renewal. The shell sends the user to /login; the client
   * itself never navigates, so it stays usable outside the browser and in tests.
   */
  onUnauthorized(): void;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
  /**
   * Sends the selected customer as x-customer-id (default). Calls that are about the user rather
   * than a customer, such as listing the user's customers, turn it off, so a stale selection
   * cannot get them refused.
   */
  withCustomerId?: boolean;
}

export interface ApiClient {
  /**
   * Calls `path` on `service` and resolves with the parsed JSON body (undefined for 204), which
   * the caller validates with its contract schema. Rejects with an ApiError for non-OK answers.
   */
  /**
   * The answer's body, typed by the caller from @boon/contracts. Not re-validated here: the server
   * checks every response against the same zod schema before sending it, and keeping zod out of
   * the console's first screen is worth ~27 KB gzip.
   */
  request<T = unknown>(service: ServiceName, path: string, options?: RequestOptions): Promise<T>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);

  /** Sends the call; resolves with the answer and the access token the call carried. */
  const send = async (
    url: string,
    init: RequestOptions,
  ): Promise<{ response: Response; token: string | null }> => {
    const headers = new Headers({ Accept: 'application/json', ...init.headers });
    const token = await options.getAccessToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const customerId = init.withCustomerId === false ? null : options.getCustomerId();
    if (customerId) headers.set(CUSTOMER_ID_HEADER, customerId);
    let body: string | undefined;
    if (init.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(init.body);
    }
    try {
      const response = await fetchFn(url, {
        method: init.method ?? 'GET',
        headers,
        ...(body === undefined ? {} : { body }),
        ...(init.signal ? { signal: init.signal } : {}),
      });
      return { response, token };
    } catch (error) {
      // A cancelled query is not a failure; everything else never reached the server.
      if (init.signal?.aborted) throw error;
      throw new ApiError(NO_RESPONSE_STATUS, 'network_error', GENERIC_ERROR_MESSAGE);
    }
  };

  return {
    async request<T>(service: ServiceName, path: string, init: RequestOptions = {}): Promise<T> {
      const url = buildUrl(options.baseUrls[service], path, init.query);
      const first = await send(url, init);
      let response = first.response;
      if (response.status === 401 && (await options.refreshAccessToken(first.token))) {
        response = (await send(url, init)).response;
      }
      if (!response.ok) {
        const error = await toApiError(response);
        if (response.status === 401) options.onUnauthorized();
        throw error;
      }
      return (await readBody(response)) as T;
    },
  };
}

function buildUrl(base: string, path: string, query: RequestOptions['query']): string {
  const url = `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(response.status, 'invalid_response', GENERIC_ERROR_MESSAGE);
  }
}
