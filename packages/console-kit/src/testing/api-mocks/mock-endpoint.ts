import {
  CUSTOMER_ID_HEADER,
  errorBody,
  type Endpoint,
  type EndpointRequestData,
  type EndpointResponse,
  type ErrorCode,
  type FieldError,
} from '@boon/contracts';
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { z } from 'zod';
import { getConsoleConfig } from '../../config/console-config';
import {
  endpointMayAnswer,
  isApiErrorAnswer,
  type ApiErrorAnswer,
  type EndpointErrorCode,
} from './api-error-answer';
import { reportApiMockProblem } from './api-mock-server';
import { routeToEndpoint } from './endpoint-route';

/** A request as the endpoint's server handler receives it: parsed by the descriptor's schemas. */
export type EndpointRequest<E extends Endpoint> = EndpointRequestData<E> & {
  url: URL;
  /** The JSON body as the console sent it, before the schema trimmed or defaulted anything. */
  sentBody: unknown;
  headers: Headers;
  /** The `x-customer-id` header. */
  customerId: string | null;
  idempotencyKey: string | null;
  signal: AbortSignal;
};

/** The descriptor's success answer, or one of the catalogue codes it may answer. */
export type EndpointAnswer<E extends Endpoint> =
  EndpointResponse<E> | ApiErrorAnswer<EndpointErrorCode<E>>;

export type EndpointResolver<E extends Endpoint> = (
  request: EndpointRequest<E>,
) => EndpointAnswer<E> | Promise<EndpointAnswer<E>>;

/**
 * Answers `endpoint` as its server would: matched by the descriptor's method and path under the
 * service's base URL (the console configuration's, as the API client builds it), the request
 * parsed by its schemas, the answer sent with its success status, or as a catalogue error the
 * endpoint declares. What the real server would refuse to take or to send (a request or answer
 * its schemas refuse, an undeclared code, a missing tenant or Idempotency-Key) is answered as the
 * server would and fails the test, so a mock cannot drift from the contract.
 */
export function mockEndpoint<E extends Endpoint>(
  endpoint: E,
  // The endpoint alone decides E, so an answer is checked against it rather than widening it.
  resolver: NoInfer<EndpointResolver<E>>,
): HttpHandler {
  const base = new URL(getConsoleConfig().api[endpoint.service], location.href);
  const basePath = base.pathname.replace(/\/+$/, '');
  const name = `${endpoint.method} ${endpoint.path}`;

  return http[method(endpoint)](
    ({ request }) => {
      const url = new URL(request.url);
      if (url.origin !== base.origin || !url.pathname.startsWith(`${basePath}/`)) return false;
      const params = routeToEndpoint(endpoint, request.method, url.pathname.slice(basePath.length));
      return params ? { matches: true, params } : false;
    },
    async ({ request, params }) => {
      const url = new URL(request.url);
      const headers = request.headers;
      const problem = (what: string) => reportApiMockProblem(`${name}: ${what}`);

      if (endpoint.tenant === 'header' && !headers.has(CUSTOMER_ID_HEADER)) {
        problem(`called without ${CUSTOMER_ID_HEADER}, which the server refuses`);
        return errorAnswer('forbidden');
      }
      const idempotencyKey = headers.get('Idempotency-Key');
      if (endpoint.idempotency === 'required' && !idempotencyKey) {
        problem('called without the Idempotency-Key it requires');
        return errorAnswer('idempotency_key_missing');
      }

      const sentBody = await readJson(request);
      const parsed = await parseRequest(endpoint, {
        params,
        query: queryObject(url.searchParams),
        body: sentBody,
      });
      if ('fieldErrors' in parsed) {
        problem(`sent a request its schemas refuse: ${JSON.stringify(parsed.fieldErrors)}`);
        return errorAnswer('validation_error', parsed.fieldErrors);
      }

      const answer = await resolver({
        ...(parsed.data as EndpointRequestData<E>),
        url,
        sentBody,
        headers,
        customerId: headers.get(CUSTOMER_ID_HEADER),
        idempotencyKey,
        signal: request.signal,
      });

      if (isApiErrorAnswer(answer)) {
        if (!endpointMayAnswer(endpoint, answer.code)) {
          problem(`answered ${answer.code}, which the endpoint does not declare`);
          // What the server sends outside production for an undeclared code.
          return errorAnswer('internal_error');
        }
        return errorAnswer(answer.code, answer.fieldErrors);
      }
      const status = endpoint.successStatus ?? 200;
      if (status === 204) return new HttpResponse(null, { status });
      const { response } = await endpoint.schemas();
      const checked = response.safeParse(answer);
      if (!checked.success) {
        problem(
          `answered a body its response schema refuses: ${JSON.stringify(fieldErrorsOf(checked.error))}`,
        );
        return errorAnswer('internal_error');
      }
      return HttpResponse.json(checked.data as never, { status });
    },
  );
}

function method(endpoint: Endpoint) {
  return endpoint.method.toLowerCase() as Lowercase<Endpoint['method']>;
}

function errorAnswer(code: ErrorCode, fieldErrors?: FieldError[]) {
  const body = errorBody(code, fieldErrors);
  return HttpResponse.json(body, { status: body.status });
}

/** The query as the server's parser gives it: a repeated name becomes a list. */
function queryObject(search: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    query[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return query;
}

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

type RequestParts = Record<'params' | 'query' | 'body', unknown>;

/** The request's parts through the endpoint's schemas, or the field errors the server answers. */
async function parseRequest(
  endpoint: Endpoint,
  raw: RequestParts,
): Promise<{ data: RequestParts } | { fieldErrors: FieldError[] }> {
  const schemas = await endpoint.schemas();
  const data: RequestParts = { params: undefined, query: undefined, body: undefined };
  const fieldErrors: FieldError[] = [];
  // The server's names for the parts, which prefix its field errors.
  const contexts = { params: 'params', query: 'querystring', body: 'body' } as const;
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = schemas[part];
    if (!schema) continue;
    const result = schema.safeParse(raw[part]);
    if (result.success) data[part] = result.data;
    else fieldErrors.push(...fieldErrorsOf(result.error, contexts[part]));
  }
  return fieldErrors.length > 0 ? { fieldErrors } : { data };
}

function fieldErrorsOf(error: z.ZodError, context?: string): FieldError[] {
  return error.issues.map((issue) => ({
    path: [context, ...issue.path.map(String)].filter(Boolean).join('.'),
    message: issue.message,
  }));
}
