import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { stringify as toYaml } from 'yaml';
import { documentIdempotencyKey } from './idempotency.js';

export interface OpenApiOptions {
  productName: string;
  publicUrl: string;
  /** The OpenID Connect issuer whose access tokens the API takes. */
  issuer: string;
  /** The audience (resource indicator) a token must be issued for. */
  audience: string;
}

/**
 * The OpenAPI description at /api/docs (UI) and /api/docs/json, generated from the zod contracts,
 * public and without the staff-only operations; staff read the whole of it at
 * /api/docs/staff/json.
 */
export const openApiPlugin = fp<OpenApiOptions>(async (app: FastifyInstance, options) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${options.productName} API`,
        description: `Every tenant-scoped call takes a bearer access token and the \`x-customer-id\` header. Access tokens come from the OpenID Connect provider at \`${options.issuer}\` (authorization code with PKCE; \`resource\` ${options.audience}); the description covers \`/api\` only. Errors are \`{ status, code, message }\`. Operations only staff may call are left out here; staff read the whole description at \`${STAFF_DESCRIPTION_PATH}\` with their access token.`,
        version: '1.0.0',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Where a client gets the bearer token: the provider's discovery document.
          openIdConnect: {
            type: 'openIdConnect',
            openIdConnectUrl: `${options.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: apiOnly(markStaffOnly(documentIdempotencyKey(jsonSchemaTransform))),
  });
  // The description is the same for every reader once the server is ready (no route is added
  // after that), so it is made once: swagger-ui's own routes deep-copied and filtered it on every
  // request, and serialised it to YAML again each time, about 100 ms of CPU for a page anyone may
  // ask for without signing in.
  const publicDescription = once(() => withoutStaffOnly(app.swagger()));
  const publicYaml = once(() => toYaml(publicDescription()));
  // The documentation is public; its routes come from swagger-ui, so this scope declares it.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await docs.register(swaggerUi, {
      routePrefix: DOCS_PATH,
      staticCSP: true,
      transformSpecification: publicDescription,
      transformSpecificationClone: false,
      uiHooks: {
        // swagger-ui serialises /yaml itself on every request; answered here from the one copy.
        onRequest: async (request, reply) => {
          if (request.routeOptions.url === `${DOCS_PATH}/yaml`) {
            await reply.type('application/x-yaml').send(publicYaml());
          }
        },
      },
    });
  });
});

/**
 * The whole description, staff-only operations marked, for staff. Declared like any API route, and
 * registered after the error handler and authentication so they answer for it as for the others.
 */
export const staffOpenApiRoute = fp(async (app: FastifyInstance) => {
  app.get(
    STAFF_DESCRIPTION_PATH,
    { config: { access: 'staff' }, schema: { hide: true } },
    async () => app.swagger(),
  );
});

/** Where anyone reads the public description: the viewer, and /json and /yaml below it. */
const DOCS_PATH = '/api/docs';

/** Where staff read the whole description, with a staff access token. */
export const STAFF_DESCRIPTION_PATH = '/api/docs/staff/json';

/** The OpenAPI extension on an operation only staff may call. */
const ACCESS_EXTENSION = 'x-access';

type OpenApiTransform = typeof jsonSchemaTransform;

/** Marks the operations of routes declaring `access: 'staff'`, so the public description can leave them out. */
function markStaffOnly(transform: OpenApiTransform): OpenApiTransform {
  return (input) => {
    const result = transform(input);
    if (input.route.config?.access !== 'staff') return result;
    return { ...result, schema: { ...result.schema, [ACCESS_EXTENSION]: 'staff' } };
  };
}

/**
 * Leaves out every route outside /api: the identity provider's, the recipients' and the card
 * sandbox's pages are for browsers, not part of the API a client programs against.
 */
function apiOnly(transform: OpenApiTransform): OpenApiTransform {
  return (input) =>
    input.url.startsWith('/api/')
      ? transform(input)
      : { schema: { ...input.schema, hide: true }, url: input.url };
}

/**
 * The description anyone may read (the viewer at /api/docs fetches it without a token): the
 * operations only staff may call are left out, so it tells nobody else what staff can do.
 */
function withoutStaffOnly(document: Readonly<{ paths?: object }>): Record<string, unknown> {
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
  const shown = Object.entries(paths).flatMap(([path, operations]) => {
    const kept = Object.entries(operations).filter(([, operation]) => !isStaffOnly(operation));
    return kept.length > 0 ? [[path, Object.fromEntries(kept)] as const] : [];
  });
  return { ...document, paths: Object.fromEntries(shown) };
}

function isStaffOnly(operation: unknown): boolean {
  return (
    typeof operation === 'object' &&
    operation !== null &&
    (operation as Record<string, unknown>)[ACCESS_EXTENSION] === 'staff'
  );
}

/** `make`'s result, made on the first call. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
