import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CustomerManagementOptions } from './routes.js';

/** Pending customers and their approval by staff (spec 7). */
export const pendingCustomerRoutes: FastifyPluginAsyncZod<
  CustomerManagementOptions
> = async () => {};
