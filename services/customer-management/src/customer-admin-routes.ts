import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CustomerManagementOptions } from './routes.js';

/** Customers, their users, the domain lookup and the onboarding state (spec 7). */
export const customerAdminRoutes: FastifyPluginAsyncZod<CustomerManagementOptions> = async () => {};
