import {
  CUSTOMER_ID_HEADER,
  GENERIC_ERROR_MESSAGE,
  endpointPath,
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
  type ServiceBaseUrls,
} from '@boon/contracts';
import { timeoutMessage, unreachableMessage } from '../errors/failure-messages';
import { ApiError, NO_RESPONSE_STATUS } from './api-error';
import { toApiError } from './to-api-error';

/**
 * How long a write may take before the console stops waiting and says so. Reads are left to
 * TanStack Query, which retries them; a write is never retried by itself, so without a limit a
 * lost connection would leave the user watching a spinner with no way to know what happened.
 */
export const WRITE_TIMEOUT_MS = 15_000;

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
  /** How long a write (anything but GET) may take; WRITE_TIMEOUT_MS unless said. */
  writeTimeoutMs?: number;
}

interface RequestOptions {
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
  /** Gives up after this long with a 'timeout' ApiError; no limit when undefined. */
  timeoutMs?: number | undefined;
  /** Asks for another representation (text/csv) and answers it as a file, not JSON. */
  download?: string;
}

/** A file the server answered (a CSV export), with the name it suggested. */
export interface DownloadedFile {
  blob: Blob;
  filename: string | undefined;
}

/** What a call sends besides the endpoint: its inputs, typed by the endpoint's schemas. */
export type CallOptions<E extends Endpoint> = EndpointInput<E> & {
  signal?: AbortSignal | undefined;
  /**
   * The same for every retry of one user action (a lost answer, a second click), so the server
   * does it once; required by endpoints that require it.
   */
  idempotencyKey?: string;
  /**
   * Sends the selected customer as x-customer-id (default, where the URL does not name the
   * customer). Calls about the user rather than a customer, such as listing the user's
   * customers, turn it off, so a stale selection cannot get them refused.
   */
  withCustomerId?: boolean;
  /** Gives up after this long; writes default to WRITE_TIMEOUT_MS, reads to no limit. */
  timeoutMs?: number;
} & (E['idempotency'] extends 'required' ? { idempotencyKey: string } : unknown);

/** The arguments of `call`: the options may be left out when the endpoint takes no input. */
export type CallArguments<E extends Endpoint> = keyof EndpointInput<E> extends never
  ? E['idempotency'] extends 'required'
    ? [options: CallOptions<E>]
    : [options?: CallOptions<E>]
  : [options: CallOptions<E>];

export interface ApiClient {
  /**
   * Calls an endpoint of @boon/contracts: its service, method and path come from the descriptor,
   * path parameters are filled in and encoded, and the answer is typed by the descriptor's
   * response schema. Not re-validated here: the server checks every response against that schema
   * before sending it, and the console's first screen stays free of zod.
   */
  call<E extends Endpoint>(endpoint: E, ...args: CallArguments<E>): Promise<EndpointResponse<E>>;
  /**
   * The same call asking for another representation (`accept`, such as text/csv), answered as a
   * file: for the exports an endpoint offers beside its JSON.
   */
  download<E extends Endpoint>(
    endpoint: E,
    accept: string,
    ...args: CallArguments<E>
  ): Promise<DownloadedFile>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);

  /** Sends the call; resolves with the answer and the access token the call carried. */
  const send = async (
    url: string,
    init: RequestOptions,
  ): Promise<{ response: Response; token: string | null }> => {
    const headers = new Headers({ Accept: init.download ?? 'application/json', ...init.headers });
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
      throw new NoResponse(error);
    }
  };

  async function exchange<T>(url: string, init: RequestOptions): Promise<T> {
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
    if (init.download) {
      const filename = /filename="([^"]+)"/.exec(
        response.headers.get('content-disposition') ?? '',
      )?.[1];
      return { blob: await response.blob(), filename } as T;
    }
    return (await readBody(response)) as T;
  }

  async function request<T>(
    service: ServiceName,
    path: string,
    init: RequestOptions = {},
  ): Promise<T> {
    const url = buildUrl(options.baseUrls[service], path, init.query);
    const write = (init.method ?? 'GET') !== 'GET';
    const timeoutMs =
      init.timeoutMs ?? (write ? (options.writeTimeoutMs ?? WRITE_TIMEOUT_MS) : undefined);
    const deadline = withDeadline(init.signal, timeoutMs);
    try {
      return await exchange<T>(url, { ...init, signal: deadline.signal });
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (deadline.expired()) {
        const retrySafe = init.headers?.['Idempotency-Key'] !== undefined;
        throw new ApiError(NO_RESPONSE_STATUS, 'timeout', timeoutMessage({ write, retrySafe }));
      }
      if (!(error instanceof NoResponse)) throw error;
      // A cancelled query is not a failure; everything else never reached the server.
      if (init.signal?.aborted) throw error.cause;
      throw new ApiError(NO_RESPONSE_STATUS, 'network_error', unreachableMessage());
    } finally {
      deadline.clear();
    }
  }

  function callEndpoint<T>(endpoint: Endpoint, args: unknown[], download?: string): Promise<T> {
    const options = (args[0] ?? {}) as {
      params?: Record<string, unknown>;
      query?: Record<string, string | number | boolean | undefined>;
      body?: unknown;
      signal?: AbortSignal;
      idempotencyKey?: string;
      withCustomerId?: boolean;
      timeoutMs?: number;
    };
    // A path or query that names the customer is the request's tenant; the header could only
    // name a second one (which the server refuses), so it stays out.
    const tenantInUrl = typeof endpoint.tenant === 'object';
    return request<T>(endpoint.service, endpointPath(endpoint.path, options.params), {
      method: endpoint.method,
      query: options.query,
      body: options.body,
      signal: options.signal,
      withCustomerId: tenantInUrl ? false : options.withCustomerId,
      timeoutMs: options.timeoutMs,
      ...(download ? { download } : {}),
      ...(options.idempotencyKey ? { headers: { 'Idempotency-Key': options.idempotencyKey } } : {}),
    });
  }

  return {
    call<E extends Endpoint>(endpoint: E, ...args: CallArguments<E>) {
      return callEndpoint<EndpointResponse<E>>(endpoint, args);
    },
    download<E extends Endpoint>(endpoint: E, accept: string, ...args: CallArguments<E>) {
      return callEndpoint<DownloadedFile>(endpoint, args, accept);
    },
  };
}

/** fetch itself failed: no answer came (offline, refused, aborted). */
class NoResponse extends Error {
  constructor(cause: unknown) {
    super('No response', { cause });
  }
}

/**
 * The caller's signal, also aborted once `timeoutMs` has passed; `expired` tells the two apart.
 * (AbortSignal.any and AbortSignal.timeout would do, but not in every browser the console
 * supports, and a fake clock in tests cannot drive AbortSignal.timeout.)
 */
function withDeadline(
  signal: AbortSignal | undefined,
  timeoutMs: number | undefined,
): { signal: AbortSignal | undefined; expired(): boolean; clear(): void } {
  if (timeoutMs === undefined) return { signal, expired: () => false, clear: () => {} };
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new DOMException('The call took too long', 'TimeoutError'));
  }, timeoutMs);
  const forward = () => controller.abort(signal?.reason);
  if (signal?.aborted) forward();
  else signal?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    expired: () => expired,
    clear: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
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
