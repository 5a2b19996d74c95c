import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export interface OpenApiOptions {
  productName: string;
  publicUrl: string;
}

/** The OpenAPI description at /api/docs (UI) and /api/docs/json, generated from the zod contracts. */
export const openApiPlugin = fp<OpenApiOptions>(async (app: FastifyInstance, options) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${options.productName} API`,
        description: `Every tenant-scoped call takes a bearer access token and the \`x-customer-id\` header. Errors are \`{ status, code, message }\`.`,
        version: '1.0.0',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The documentation is public; its routes come from swagger-ui, so this scope declares it.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
});
