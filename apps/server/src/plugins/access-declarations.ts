import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every route in the API namespace must say who may call it (`config.access`), however it was
 * registered; the app refuses to become ready otherwise, so a forgotten permission check never
 * reaches a user. Checked when the app is ready rather than per route, so that a plugin scope may
 * still declare access for the routes a third-party plugin adds (see openapi.ts).
 */
export const accessDeclarationsPlugin = fp(async (app: FastifyInstance) => {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const undeclared = routes
      .filter((route) => isApiPath(route.url) && route.config?.access === undefined)
      .map((route) => `${String(route.method)} ${route.url}`);
    if (undeclared.length > 0) {
      throw new Error(`Routes without config.access: ${[...new Set(undeclared)].join(', ')}`);
    }
  });
});

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}
