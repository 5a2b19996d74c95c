import type { Endpoint } from '@boon/contracts';
import { getConsoleConfig } from '../../config/console-config';
import type { EndpointRequest } from './mock-endpoint';

/** A call a served fake received, as the console sent it, for tests to assert on. */
export interface RecordedCall {
  method: string;
  /** Relative to the service's base path (`/user/invite`). */
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

export function recordedCall<E extends Endpoint>(
  endpoint: E,
  request: EndpointRequest<E>,
): RecordedCall {
  const base = new URL(getConsoleConfig().api[endpoint.service], location.href);
  return {
    method: endpoint.method,
    path: request.url.pathname.slice(base.pathname.replace(/\/+$/, '').length),
    query: request.url.searchParams,
    body: request.sentBody,
    headers: request.headers,
  };
}
