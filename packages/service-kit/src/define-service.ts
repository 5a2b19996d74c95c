import {
  COMMON_ENDPOINT_ERRORS,
  declaredErrors,
  apiErrorSchema,
  defaultServiceBasePaths,
  errorCatalogue,
  type Endpoint,
  type EndpointRequestData,
  type EndpointResponse,
  type ErrorCode,
  type ServiceName,
} from '@boon/contracts';
import type { Database } from '@boon/db';
import type { JobAttempt } from '@boon/db/jobs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from './access.js';
import { withRequestTransaction } from './idempotency.js';

/** The customer a route acts for, as its descriptor's tenant source makes it certain or not. */
type TenantOf<E extends Endpoint> = E extends { tenant: 'header' | { path: string } }
  ? string
  : E extends { tenant: { query: string; optional: true } }
    ? string | undefined
    : E extends { tenant: { query: string } }
      ? string
      : E extends { access: { permissions: readonly unknown[] } }
        ? string
        : string | undefined;

/** What a route's handler receives: the request parsed by its descriptor's schemas, and who calls. */
export type RouteCall<E extends Endpoint> = EndpointRequestData<E> & {
  auth: E['access'] extends 'public' ? AuthContext | null : AuthContext;
  /** The customer the request acts for, resolved and checked by the authentication layer. */
  customerId: TenantOf<E>;
  /**
   * Runs the route's writes in one transaction. On a route that takes an Idempotency-Key it is the
   * request's own, so the effect commits exactly when its recorded answer does.
   */
  transaction<T>(work: (tx: Database) => Promise<T>): Promise<T>;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** Every service has the database; the rest of its dependencies are its own. */
export interface ServiceDeps {
  db: Database;
}

export interface RouteBinding<Deps extends ServiceDeps> {
  endpoint: Endpoint;
  handle(call: RouteCall<Endpoint>, deps: Deps): Promise<unknown>;
}

export interface JobDefinition<Deps extends ServiceDeps, T extends object = object> {
  /** The queue's name, unique across services: `<service>.<what it does>`. */
  name: string;
  /** Must be safe to run twice: a worker killed mid-job leaves the job to be retried. */
  handle(data: T, attempt: JobAttempt, deps: Deps): Promise<void>;
  /** A cron expression (UTC) when the job runs on a clock rather than being queued by a change. */
  schedule?: string;
  /** How long a run may take before it counts as lost (its worker killed) and is retried. */
  expireInSeconds?: number;
  /** How many runs one process makes at once (1 unless said). */
  workers?: number;
  /**
   * Whether the queue exists at all with these dependencies (always, unless said): a job that
   * needs something optional, such as an SMTP server, is not declared, nor worked, without it.
   */
  enabled?(deps: Deps): boolean;
}

/** The jobs a service declares with these dependencies. */
export function enabledJobs<Deps extends ServiceDeps>(
  service: ServiceDefinition<Deps>,
  deps: Deps,
): readonly JobDefinition<Deps>[] {
  return (service.jobs ?? []).filter((job) => job.enabled?.(deps) ?? true);
}

export interface ServiceDefinition<Deps extends ServiceDeps> {
  name: ServiceName;
  /** Where its endpoints live on the one origin; the descriptors' paths are relative to it. */
  basePath: string;
  routes: readonly RouteBinding<Deps>[];
  jobs?: readonly JobDefinition<Deps>[];
  /** Writes the service's demo data once; true when it wrote anything. */
  seed?: (deps: Deps) => Promise<boolean>;
}

/**
 * A service's route and job builders, bound to the dependencies the server hands it (database,
 * job queue, mailer…), so each route module states only its endpoint and its rule.
 */
export function serviceBuilders<Deps extends ServiceDeps>() {
  return {
    route<E extends Endpoint>(
      endpoint: E,
      handle: (call: RouteCall<E>, deps: Deps) => Promise<EndpointResponse<E>>,
    ): RouteBinding<Deps> {
      return { endpoint, handle: handle as RouteBinding<Deps>['handle'] };
    },
    job<T extends object>(
      name: string,
      handle: (data: T, attempt: JobAttempt, deps: Deps) => Promise<void>,
      options: {
        schedule?: string;
        expireInSeconds?: number;
        workers?: number;
        enabled?: (deps: Deps) => boolean;
      } = {},
    ): JobDefinition<Deps> {
      return { name, handle: handle as JobDefinition<Deps>['handle'], ...options };
    },
  };
}

export function defineService<Deps extends ServiceDeps>(
  definition: Omit<ServiceDefinition<Deps>, 'basePath'> & { basePath?: string },
): ServiceDefinition<Deps> {
  const basePath = definition.basePath ?? defaultServiceBasePaths[definition.name];
  for (const { endpoint } of definition.routes) {
    if (endpoint.service !== definition.name) {
      throw new Error(
        `${endpoint.method} ${endpoint.path} belongs to ${endpoint.service}, not ${definition.name}`,
      );
    }
  }
  return { ...definition, basePath };
}

/** The error statuses a route may answer, each described by the error body schema. */
function errorResponses(errors: readonly ErrorCode[]) {
  const statuses = new Set(
    [...COMMON_ENDPOINT_ERRORS, ...errors].map((code) => errorCatalogue[code].status),
  );
  return Object.fromEntries([...statuses].map((status) => [status, apiErrorSchema]));
}

/**
 * Registers a service's routes from their descriptors on a Fastify scope mounted at its base path:
 * method, path, access, tenant and declared errors go to the route's config, where the platform's
 * plugins enforce them; the schemas parse the request and check the answer; the OpenAPI
 * description is generated from the same schemas.
 */
export async function registerServiceRoutes<Deps extends ServiceDeps>(
  app: FastifyInstance,
  service: ServiceDefinition<Deps>,
  deps: Deps,
): Promise<void> {
  const tag = service.basePath.split('/').pop() ?? service.name;
  for (const binding of service.routes) {
    const { endpoint } = binding;
    const schemas = await endpoint.schemas();
    const status = endpoint.successStatus ?? 200;
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
      config: {
        access: endpoint.access,
        errors: declaredErrors(endpoint),
        ...(endpoint.tenant ? { tenant: endpoint.tenant } : {}),
        ...(endpoint.idempotency
          ? { idempotency: { required: endpoint.idempotency === 'required' } }
          : {}),
      },
      schema: {
        tags: [tag],
        summary: endpoint.summary,
        ...(schemas.params ? { params: schemas.params } : {}),
        ...(schemas.query ? { querystring: schemas.query } : {}),
        ...(schemas.body ? { body: schemas.body } : {}),
        response: { [status]: schemas.response, ...errorResponses(declaredErrors(endpoint)) },
      },
      handler: async (request, reply) => {
        const call = {
          params: request.params,
          query: request.query,
          body: request.body,
          auth: request.auth,
          customerId: request.auth?.customerId,
          transaction: <T>(work: (tx: Database) => Promise<T>) =>
            withRequestTransaction(request, deps.db, work),
          request,
          reply,
        } as RouteCall<Endpoint>;
        const result = await binding.handle(call, deps);
        // A handler that answered itself (a streamed download) has nothing left to send.
        if (reply.sent || result === reply) return reply;
        if (status === 204) return reply.code(204).send(null);
        return reply.code(status).send(result);
      },
    });
  }
}
