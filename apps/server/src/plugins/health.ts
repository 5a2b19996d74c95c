import { healthSchema, readinessSchema } from '@boon/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export interface HealthOptions {
  /** Resolves when the database answers; rejects otherwise. */
  pingDatabase(): Promise<void>;
}

export const HEALTH_PATHS = ['/healthz', '/readyz'] as const;

/** /healthz: the process is alive. /readyz: it can serve requests (the database answers). */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { pingDatabase }) => {
  app.get(
    '/healthz',
    { config: { access: 'public' }, schema: { hide: true, response: { 200: healthSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: { hide: true, response: { 200: readinessSchema, 503: readinessSchema } },
    },
    async (request, reply) => {
      try {
        await pingDatabase();
        return { status: 'ready' as const, checks: { database: 'ok' as const } };
      } catch (error) {
        request.log.warn({ err: error }, 'database ping failed');
        return reply
          .status(503)
          .send({ status: 'not_ready' as const, checks: { database: 'failing' as const } });
      }
    },
  );
};
