import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { documentIdempotencyKey } from './idempotency.js';

export interface OpenApiOptions {
  productName: string;
  publicUrl: string;
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
        description: `Every tenant-scoped call takes a bearer access token and the \`x-customer-id\` header. Errors are \`{ status, code, message }\`. Operations only staff may call are left out here; staff read the whole description at \`${STAFF_DESCRIPTION_PATH}\` with their access token.`,
        version: '1.0.0',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: markStaffOnly(documentIdempotencyKey(jsonSchemaTransform)),
  });
  // The documentation is public; its routes come from swagger-ui, so this scope declares it.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await docs.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      transformSpecification: withoutStaffOnly,
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
 * The description anyone may read (the viewer at /api/docs fetches it without a token): the
 * operations only staff may call are left out, so it tells nobody else what staff can do.
 */
function withoutStaffOnly(document: Readonly<Record<string, unknown>>): Record<string, unknown> {
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
