// No zod at run time here: the console's first screen imports descriptors to call the API, and
// zod costs ~25 KB gzip there. Schemas are reached through `schemas()`, a dynamic import that only
// the server, tests and screens that validate ever load.
import type { z } from 'zod';
import type { ServiceBaseUrls } from './console-config.js';
import type { ErrorCode } from './error-catalogue.js';
import type { Permission } from './permission-values.js';

export type ServiceName = keyof ServiceBaseUrls;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint; the server refuses to start with a route that doesn't say.
 * - 'public': no token needed.
 * - 'authenticated': a valid token; `x-customer-id`, when sent, must be one of the user's customers.
 * - 'staff': an authenticated user who is the provider's staff.
 * - { permissions }: a tenant (see `TenantSource`) where the user holds all (mode 'all', the
 *   default) or any (mode 'any') of the permissions; with `orStaff`, the provider's staff pass too
 *   without holding them (reads staff need to support a customer).
 */
export type EndpointAccess =
  | 'public'
  | 'authenticated'
  | 'staff'
  | { permissions: readonly Permission[]; mode?: 'all' | 'any'; orStaff?: boolean };

/**
 * Where a tenant-scoped endpoint finds the customer it acts for. The server's authentication layer
 * resolves it, checks that the caller belongs to it (or is staff where the access allows), and
 * refuses a request that names two different customers (say, one in `x-customer-id` and another in
 * the path), so no handler compares customer ids itself.
 * - 'header': `x-customer-id`, required.
 * - { path }: the named path parameter.
 * - { query }: the named query parameter; `optional` when the endpoint has a mode without a tenant
 *   (the invite lookup by token), in which case `x-customer-id` is checked as for 'authenticated'.
 */
export type TenantSource = 'header' | { path: string } | { query: string; optional?: boolean };

/** The zod schemas of an endpoint; the response is that of its success status. */
export interface EndpointSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

export interface Endpoint<S extends EndpointSchemas = EndpointSchemas> {
  service: ServiceName;
  method: HttpMethod;
  /** Relative to the service's base path, with `:name` parameters (`/customer/:customerId`). */
  path: string;
  /** One line for the API description. */
  summary: string;
  access: EndpointAccess;
  tenant?: TenantSource;
  /**
   * Takes an `Idempotency-Key` header: a retry with the same key gets the first answer again and
   * has no second effect. 'required' refuses a request without one (400): every request that
   * moves money or creates an order. 'optional' honours it when sent.
   */
  idempotency?: 'required' | 'optional';
  /** 200 unless said; 204 answers have no body. */
  successStatus?: 200 | 201 | 204;
  /** The largest body taken, in bytes, where it is not the server's 1 MB. */
  bodyLimit?: number;
  /**
   * The catalogue errors the endpoint itself may answer, beyond the ones every endpoint may
   * (unauthorized, forbidden, validation_error, rate_limited, internal_error). Outside production
   * the server refuses to send an undeclared one, so this list stays true.
   */
  errors: readonly ErrorCode[];
  schemas: () => Promise<S>;
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type In<T> = T extends z.ZodType ? z.input<T> : undefined;
export type SchemasOf<E> = E extends Endpoint<infer S> ? S : never;

/** What a caller sends: path parameters, query and body, each present only where the endpoint has one. */
export type EndpointInput<E extends Endpoint> = {
  [K in 'params' | 'query' | 'body' as SchemasOf<E>[K] extends z.ZodType ? K : never]: In<
    SchemasOf<E>[K]
  >;
};
/** The parsed success answer (undefined for 204). */
export type EndpointResponse<E extends Endpoint> = E['successStatus'] extends 204
  ? undefined
  : Out<SchemasOf<E>['response']>;
/** What the server's handler receives, after its schemas parsed the request. */
export type EndpointRequestData<E extends Endpoint> = {
  [K in 'params' | 'query' | 'body']: Out<SchemasOf<E>[K]>;
};

/** Declares an endpoint; a function only so that its schema types are inferred, not written twice. */
export function defineEndpoint<
  const S extends EndpointSchemas,
  const D extends Omit<Endpoint<S>, 'schemas'>,
>(descriptor: D & { schemas: () => Promise<S> }): D & { schemas: () => Promise<S> } {
  return descriptor;
}

/** The errors every endpoint may answer, whatever it declares. */
export const COMMON_ENDPOINT_ERRORS = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'validation_error',
  'rate_limited',
  'internal_error',
  'service_unavailable',
] as const satisfies readonly ErrorCode[];

/** What the platform answers for an endpoint that takes an Idempotency-Key, beyond its own. */
export const IDEMPOTENCY_ERRORS = [
  'idempotency_key_missing',
  'idempotency_key_invalid',
  'idempotency_key_reused',
  'idempotency_key_in_flight',
] as const satisfies readonly ErrorCode[];

/**
 * Every catalogue error an endpoint may answer beyond the common ones: those it declares, and the
 * idempotency platform's when it takes a key (a key reused for another body is a 422, not a 500).
 */
export function declaredErrors(
  endpoint: Pick<Endpoint, 'errors' | 'idempotency'>,
): readonly ErrorCode[] {
  return endpoint.idempotency ? [...endpoint.errors, ...IDEMPOTENCY_ERRORS] : endpoint.errors;
}

/** The path with its parameters filled in, each encoded as one segment. */
export function endpointPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The `:name` parameters of a path, in order. */
export function endpointPathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1] as string);
}
