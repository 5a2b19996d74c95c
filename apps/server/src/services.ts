import type { JobQueue } from '@boon/db/jobs';
import {
  enabledJobs,
  registerServiceRoutes,
  type ServiceDefinition,
  type ServiceDeps,
} from '@boon/service-kit';
import type { FastifyPluginAsync } from 'fastify';

/** A service with its dependencies, ready for the server to mount in whichever role it runs. */
export interface BoundService {
  name: string;
  basePath: string;
  /** Its routes, as a plugin to register at `basePath` (API roles only). */
  routes: FastifyPluginAsync;
  /** Declares its job queues, worked here when the process runs workers. */
  defineJobs(jobs: JobQueue): Promise<void>;
  /** Writes its demo data once; true when it wrote anything. */
  seed(): Promise<boolean>;
}

export function bindService<Deps extends ServiceDeps>(
  service: ServiceDefinition<Deps>,
  deps: Deps,
): BoundService {
  return {
    name: service.name,
    basePath: service.basePath,
    routes: async (scope) => registerServiceRoutes(scope, service, deps),
    async defineJobs(jobs) {
      for (const job of enabledJobs(service, deps)) {
        await jobs.define<object>(job.name, (data, attempt) => job.handle(data, attempt, deps), {
          ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
          ...(job.workers ? { workers: job.workers } : {}),
        });
        if (job.schedule) await jobs.schedule(job.name, job.schedule);
      }
    },
    seed: async () => (service.seed ? service.seed(deps) : false),
  };
}
