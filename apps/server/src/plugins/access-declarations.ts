import type { RouteAccess } from '@boon/service-kit';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

/** A route of the API namespace, one per method, with the access it declares. */
export interface ApiRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
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
