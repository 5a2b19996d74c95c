import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * Mounts a service at its base path and refuses, at start-up, any of its routes that doesn't
 * declare `config.access`: forgetting the permission check can't reach production.
 */
export async function registerService<Options extends Record<string, unknown>>(
  app: FastifyInstance,
  prefix: string,
  plugin: FastifyPluginAsync<Options>,
  options: Options,
): Promise<void> {
  await app.register(
    async (scope) => {
      scope.addHook('onRoute', (route) => {
        if (route.config?.access === undefined) {
          throw new Error(`${route.method} ${route.url} declares no access (config.access)`);
        }
      });
      await scope.register(plugin, options);
    },
    { prefix },
  );
}
