import { customerIdSchema } from '@boon/contracts';
import type { FastifyInstance } from 'fastify';

/** Where the console shows a company's balance notifications (console-apps/billing). */
export const BALANCE_NOTIFICATIONS_PATH = '/billing/balance-notifications';

/**
 * The older platform's links (decisions.md: `/api/connect`), kept working for the customers
 * migrated from it. Settings' "Balance notifications" opens its notification-preferences page
 * (spec 2.6), which now lives in the console: this sends the browser there, for the same
 * customer. Public, as a link is: the console's page signs the person in and checks that the
 * company is theirs.
 */
export async function connectPages(app: FastifyInstance) {
  app.get<{ Querystring: { customerId?: string } }>(
    '/notification-preferences',
    { config: { access: 'public' } },
    async (request, reply) => {
      const customerId = customerIdSchema.safeParse(request.query.customerId);
      if (!customerId.success) {
        return reply
          .status(400)
          .type('text/plain; charset=utf-8')
          .send('This link names no company. Open Balance notifications from Settings again.');
      }
      const target = `${BALANCE_NOTIFICATIONS_PATH}?customerId=${encodeURIComponent(customerId.data)}`;
      return reply.redirect(target, 302);
    },
  );
}
