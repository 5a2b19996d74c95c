import type { TenantSource } from '@boon/contracts';
import { effectiveTenantSource, type RouteAccess } from '@boon/service-kit';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

/** A route of the API namespace, one per method, with the access it declares. */
export interface ApiRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  /** Where its customer comes from (permission routes: `x-customer-id` unless they say). */
  tenant: TenantSource | undefined;
  /** The fields its body and query schemas name (zod objects), for tests that fuzz them. */
  fields: { body: string[]; querystring: string[] };
}

/** The keys of a zod object schema (unwrapping refinements), or none. */
function schemaKeys(schema: unknown): string[] {
  let current = schema as { shape?: unknown; def?: { in?: unknown; schema?: unknown } } | undefined;
  // zod 4: a refined object keeps its shape; pipes and effects wrap the object in `def.in`.
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (current.shape && typeof current.shape === 'object') return Object.keys(current.shape);
    current = (current.def?.in ?? current.def?.schema) as typeof current;
  }
  return [];
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every /api route registered so far, however it was registered (HEAD twins of GET routes
     * included), with its declared access: what the access checks can be walked over in tests.
     */
    readonly apiRoutes: readonly ApiRoute[];
  }
}

/**
 * Every route in the API namespace must say who may call it (`config.access`), however it was
 * registered; the app refuses to become ready otherwise, so a forgotten permission check never
 * reaches a user. Checked when the app is ready rather than per route, so that a plugin scope may
 * still declare access for the routes a third-party plugin adds (see openapi.ts).
 */
export const accessDeclarationsPlugin = fp(async (app: FastifyInstance) => {
  // The route options themselves: a scope's own onRoute hook (openapi.ts) runs after this one and
  // may still set the declaration, so it is read when asked for, not now.
  const registered: RouteOptions[] = [];
  const apiRoutes = (): ApiRoute[] =>
    registered.flatMap((route) =>
      [route.method].flat().map((method) => ({
        method: String(method),
        url: route.url,
        access: route.config?.access,
        tenant: effectiveTenantSource(route.config?.access, route.config?.tenant),
        fields: {
          body: schemaKeys(route.schema?.body),
          querystring: schemaKeys(route.schema?.querystring),
        },
      })),
    );
  app.decorate('apiRoutes', { getter: apiRoutes });
  app.addHook('onRoute', (route) => {
    if (isApiPath(route.url)) registered.push(route);
  });
  app.addHook('onReady', async () => {
    const undeclared = apiRoutes()
      .filter((route) => route.access === undefined)
      .map((route) => `${route.method} ${route.url}`);
    if (undeclared.length > 0) {
      throw new Error(`Routes without config.access: ${[...new Set(undeclared)].join(', ')}`);
    }
  });
});

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}
